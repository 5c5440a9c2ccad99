// lca_export_constructions: Export as LCAbyg Component / Export as LCAx (core/export/exchange, `lcabygExporter`,
// `lcaxExporter`) as an agent tool made by `exportTool`, over the same preview as the editor's (src/core/preview): the
// figures are never worked out again. The constructions are read as the editor reads them (`readConstructions`):
// their materials from the workspace and, signed in, the service, each over its own project's period unless one is given.
import * as path from 'path';
import { constructionStem } from '../document';
import { lcabygExporter, lcaxExporter, readConstructions, SECOND_IMPORT, type ConstructionFile, type ExchangeReport } from '../export/exchange';
import { format } from '../l10n';
import { previewConstruction } from '../preview';
import { MaterialIndex } from '../workspace';
import { bool, list, num, obj, periodProp, readDocument, sentence, str } from './shared';
import { periodForCall } from '../workspace';
import { exportTool } from './exportTool';
import type { ToolContext } from './types';

/**
 * The construction files of the paths (read as every tool reads a file, `readDocument`), each with its project's period
 * unless `period` is given — worked out once per folder: the rule depends on the folder only.
 */
async function constructionFiles(ctx: ToolContext, paths: readonly string[], period: number | undefined): Promise<(ConstructionFile & { abs: string })[]> {
  const byFolder = new Map<string, Promise<number>>();
  const periodIn = (abs: string): Promise<number> => {
    const folder = path.dirname(abs);
    let years = byFolder.get(folder);
    if (!years) byFolder.set(folder, (years = periodForCall(ctx, abs, period)));
    return years;
  };
  const files: (ConstructionFile & { abs: string })[] = [];
  for (const p of paths) {
    const doc = await readDocument(ctx, p, ['construction']);
    files.push({ abs: doc.abs, file: doc.shown, value: doc.value, period: await periodIn(doc.abs) });
  }
  return files;
}

const reportOut = (r: ExchangeReport): Record<string, unknown> => ({
  constructions: r.constructions,
  refused: r.refused.map((n) => ({ construction: n.item, reason: sentence(n.message) })),
  materials: r.materials,
  lcabygLibrary: r.references,
  notes: r.notes.map((n) => ({ item: n.item, note: sentence(n.message) })),
});

export const exportConstructions = exportTool({
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
      period: periodProp,
      copy: { type: 'boolean', description: 'New ids, for a copy next to an earlier LCAbyg import (default false: stable ids)' },
      write: { type: 'boolean', description: 'Write the file (default false: a dry run)' },
      overwrite: { type: 'boolean', description: 'Replace an existing file (default false)' },
    },
    required: ['paths', 'format'],
    additionalProperties: false,
  },
  planSchema: {
    properties: {
      format: str, file: str, report: str, filesExist: bool, period: num, constructions: list(str), refused: list(obj({ construction: str, reason: str })), materials: list(str),
      lcabygLibrary: list(obj({ name: str, id: str, row: str })), notes: list(obj({ item: str, note: str })), secondImport: str, copy: bool,
    },
    optional: ['secondImport', 'copy'],
  },
  async read(input, ctx) {
    const exporter = input.format === 'lcax' ? lcaxExporter : lcabygExporter;
    const files = await constructionFiles(ctx, input.paths, input.period);
    const first = files[0].abs;
    const stem = constructionStem(first);
    const materials = await MaterialIndex.load(ctx);
    const source = { ensure: (ids: readonly string[]) => materials.ensure(ids), preview: (value: unknown, period: number) => previewConstruction(value, materials.resolve, ctx.codes, period), record: (id: string) => materials.recordOf(id)?.record, codes: ctx.codes };
    // The tools do not know the extension's version.
    const constructions = await readConstructions(files, source, { name: stem, version: '', ...(input.copy ? { copy: new Date().toISOString() } : {}) });
    return { exporter, input: constructions, path: path.join(path.dirname(first), `${stem}${exporter.ending}`) };
  },
  plan: (built, { call, files }) => ({
    format: call.exporter.id,
    file: files.file,
    report: files.report,
    filesExist: files.filesExist,
    period: call.input.constructions[0]?.preview.period ?? null,
    ...reportOut(built.data),
    ...(call.exporter === lcabygExporter ? { secondImport: format(SECOND_IMPORT), copy: !!call.input.copy } : {}),
  }),
});
