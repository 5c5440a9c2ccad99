// Export as LCAbyg Component / Export as LCAx for agents: one write tool that plans first (a dry run: the file, the
// constructions written and refused, the materials and LCAbyg library references, what the format cannot carry) and
// writes only with `write: true`. The same core as the editor's commands (src/core/export/exchange), over the same
// preview (src/core/preview): the figures are never worked out again. Messages in English, as models read them.
import * as path from 'path';
import { epdIdsOf, exchangeFiles, SECOND_IMPORT, type ExchangeConstruction, type ExchangeReport } from '../export/exchange';
import { ENGLISH, format } from '../l10n';
import { previewConstruction } from '../preview';
import { documentKindOf, parseDocument } from '../document';
import { MaterialIndex, resolveInWorkspace, shownPath } from '../workspace';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';

const EXTENSION = { lcabyg: '.lcabyg.json', lcax: '.lcax.json' } as const;

/** The constructions of the paths, each with the preview core computes for it (materials from the workspace and, signed in, the service). */
async function constructionsOf(ctx: ToolContext, paths: readonly string[], period: number): Promise<{ constructions: ExchangeConstruction[]; materials: MaterialIndex; files: string[] }> {
  const docs: { abs: string; shown: string; value: unknown }[] = [];
  for (const p of paths) {
    const abs = await resolveInWorkspace(p, ctx.workspace.roots);
    if (documentKindOf(abs) !== 'construction') throw new ToolInputError(`${JSON.stringify(p)} is not a *.construction.json file: give the paths of construction files.`);
    let text: string;
    try {
      text = await ctx.workspace.readText(abs);
    } catch {
      throw new ToolInputError(`${JSON.stringify(p)} cannot be read (does it exist?): give the path of an existing file.`);
    }
    docs.push({ abs, shown: shownPath(abs, ctx.workspace.roots), value: parseDocument(text) });
  }
  const materials = await MaterialIndex.load(ctx);
  const ids = docs.flatMap((d) => epdIdsOf(d.value));
  await materials.ensure(ids.filter((id) => !materials.recordOf(id)));
  const resolve = (id: string) => materials.recordOf(id)?.epd ?? (materials.missing.has(id) ? undefined : 'unknown');
  const constructions = docs.map((d) => ({ file: d.shown, value: d.value, preview: previewConstruction(d.value, resolve, ctx.codes, period) }));
  return { constructions, materials, files: docs.map((d) => d.abs) };
}

const reportOut = (r: ExchangeReport): Record<string, unknown> => ({
  constructions: r.constructions,
  refused: r.refused.map((n) => ({ construction: n.item, reason: format(n.message) })),
  materials: r.materials,
  lcabygLibrary: r.references,
  notes: r.notes.map((n) => ({ item: n.item, note: format(n.message) })),
});

export const exportConstructions: ToolDefinition = {
  name: 'lca_export_constructions',
  title: 'Export constructions to LCAbyg or LCAx',
  description:
    'Exports construction files (*.construction.json) for the tools colleagues use: format "lcabyg" writes an LCAbyg 5 component file (import it in LCAbyg with "Importer og tilføj"): a Construction per construction, a ConstructionToProduct edge per component (amount per one unit of the construction, unit, lifespan) and each material as a user Product with A1to3, C3, C4 and D stages — or, for a BR18 Tabel 7 row, a reference to LCAbyg\'s own library product. ' +
    'Format "lcax" writes an LCAx 3.x project (one assembly per construction, the materials as EPDs, the preview\'s GWP figures as results). The amounts and figures are those of the impact preview (lca_preview_construction). ' +
    'By default a dry run: says which file it would write, which constructions are written or refused and why, the materials, LCAbyg library references and what the format cannot carry (A4, A5, B modules in LCAbyg); nothing is written. With write: true it writes the file and a report beside it (<name>.report.md); an existing file is only replaced with overwrite: true. ' +
    'LCAbyg refuses to import ids it already has: the ids are stable for the same construction and material; copy: true gives new ids (a copy next to an earlier import).',
  inputSchema: {
    type: 'object',
    properties: {
      paths: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 1000 }, description: 'Construction files (*.construction.json) — relative to the workspace folder, or absolute inside it' },
      format: { type: 'string', enum: ['lcabyg', 'lcax'], description: 'lcabyg: an LCAbyg component file; lcax: an LCAx project' },
      path: { type: 'string', minLength: 1, maxLength: 1000, description: 'The file to write (.lcabyg.json / .lcax.json); default beside the first construction' },
      period: { type: 'integer', minimum: 1, maximum: 200, description: 'Reference study period in years (default: BR18\'s 50)' },
      copy: { type: 'boolean', description: 'New ids, for a copy next to an earlier LCAbyg import (default false: stable ids)' },
      write: { type: 'boolean', description: 'Write the file (default false: a dry run)' },
      overwrite: { type: 'boolean', description: 'Replace an existing file (default false)' },
    },
    required: ['paths', 'format'],
    additionalProperties: false,
  },
  writes: true,
  async run(input, ctx) {
    const fmt = input.format as 'lcabyg' | 'lcax';
    const period = (input.period as number | undefined) ?? ctx.defaultPeriod ?? 50;
    const { constructions, materials, files } = await constructionsOf(ctx, input.paths as string[], period);
    const first = files[0];
    const stem = path.basename(first).replace(/\.construction\.json$/i, '');
    const requested = (input.path as string | undefined) ?? path.join(path.dirname(first), `${stem}${EXTENSION[fmt]}`);
    if (!requested.toLowerCase().endsWith('.json')) throw new ToolInputError(`${JSON.stringify(requested)} is not a .json file: give a path ending in ${EXTENSION[fmt]}.`);
    const target = await resolveInWorkspace(requested, ctx.workspace.roots);
    const reportPath = target.replace(/\.json$/i, '.report.md');
    const copy = input.copy ? new Date().toISOString() : undefined;
    // The same file and report as the editor's export (the tools do not know the extension's version), in English.
    const built = exchangeFiles(fmt, { constructions, material: (id: string) => materials.recordOf(id)?.record, codes: ctx.codes, copy, version: '' }, stem, path.basename(target), ENGLISH);
    const shown = shownPath(target, ctx.workspace.roots);
    const shownReport = shownPath(reportPath, ctx.workspace.roots);
    const exists = (await ctx.workspace.exists(target)) || (await ctx.workspace.exists(reportPath));
    const plan = {
      format: fmt,
      file: shown,
      report: shownReport,
      filesExist: exists,
      period,
      ...reportOut(built.report),
      ...(fmt === 'lcabyg' ? { secondImport: format(SECOND_IMPORT), copy: !!copy } : {}),
    };
    const nothing = built.report.constructions.length === 0;
    if (!input.write) return { dryRun: true, ...plan, next: nothing ? 'nothing to write: every construction is refused (see refused)' : exists && !input.overwrite ? `${shown} exists: call again with write: true and overwrite: true to replace it` : 'call again with write: true to write the file' };
    if (nothing) throw new ToolInputError('Nothing to write: every construction is refused (see a dry run for the reasons).');
    if (exists && !input.overwrite) throw new ToolInputError(`${shown} or ${shownReport} exists: pass overwrite: true to replace them, or give another path.`);
    await ctx.workspace.writeText(target, built.content);
    await ctx.workspace.writeText(reportPath, built.reportText);
    return { dryRun: false, written: [shown, shownReport], ...plan };
  },
};
