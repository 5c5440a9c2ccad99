// lca_import_epds: EPD files of the workspace into a material file — a dry run unless write: true.
import * as path from 'path';
import { importInputs } from '../import/all';
import { format } from '../l10n';
import { resolveInWorkspace, shownPath } from '../workspace';
import { defineTool } from './define';
import { bool, eitherOf, flagProp, int, list, nullable, obj, pathProp, sentence, str } from './shared';
import { ToolInputError } from './types';

const issue = obj({ item: str, field: str, reason: str });
const REPORT = {
  format: str,
  inputs: list(str),
  materials: int,
  names: list(str),
  constructionsNotWritten: int,
  refused: list(issue),
  warnings: list(issue),
  target: str,
  targetExists: bool,
};

export const importEpds = defineTool(
  {
    name: 'lca_import_epds',
    title: 'Import EPDs',
    description:
      'Imports EPD files of the workspace — ILCD+EPD XML/JSON (files, folders\' files or ZIPs from ÖKOBAUDAT and other programmes), LCAx, BR18 Tabel 7 CSV, CSV/XLSX spreadsheets — into material files. ' +
      'Also LCAbyg component and project files (JSON): their user products become materials (stages summed per module) and their user constructions are reported; a construction of LCAbyg library products (BR18 Tabel 7 rows) names the rows to import with it. ' +
      'By default a dry run: says what would be written to which file from which inputs, each refused EPD with the reason and the warnings; nothing is written. With write: true it writes <name>.material.json (one EPD) or <name>.materials.json next to the first input; an existing file is only replaced with overwrite: true. Constructions of an LCAx project or an LCAbyg file are reported, not written.',
    inputSchema: {
      type: 'object',
      properties: {
        paths: { type: 'array', minItems: 1, maxItems: 200, items: pathProp('An EPD file'), description: 'EPD files to import' },
        write: flagProp('Write the material file (default false: a dry run)'),
        overwrite: flagProp('Replace an existing file (default false)'),
      },
      required: ['paths'],
      additionalProperties: false,
    },
    outputSchema: eitherOf(
      obj({ dryRun: { const: true }, wouldWrite: nullable('string'), wouldOverwrite: bool, ...REPORT, next: str }),
      obj({ dryRun: { const: false }, written: str, overwrote: bool, ...REPORT }),
    ),
    writes: true,
  },
  async (input, ctx) => {
    const inputs = [];
    const files: string[] = [];
    for (const p of input.paths) {
      const abs = await resolveInWorkspace(p, ctx.workspace.roots);
      try {
        inputs.push({ name: path.basename(abs), bytes: await ctx.workspace.readBytes(abs) });
      } catch {
        throw new ToolInputError(`The file ${JSON.stringify(p)} cannot be read (does it exist, and is it a file?): give the path of an EPD file.`);
      }
      files.push(abs);
    }
    const result = importInputs(inputs, { codes: ctx.codes });
    const materials = result.materials.map((m) => m.material);
    const first = files[0];
    const base = path.basename(first).replace(/\.(xml|json|zip|csv|xlsx)$/i, '');
    const target = path.join(path.dirname(first), materials.length === 1 ? `${base}.material.json` : `${base}.materials.json`);
    const shown = shownPath(target, ctx.workspace.roots);
    const exists = await ctx.workspace.exists(target);
    const report = {
      format: result.format,
      inputs: files.map((f) => shownPath(f, ctx.workspace.roots)),
      materials: materials.length,
      names: materials.slice(0, 20).map((m) => m.name),
      constructionsNotWritten: result.constructions.length,
      refused: result.refused.slice(0, 50).map((r) => ({ item: format(r.item), field: format(r.field), reason: sentence(r.reason) })),
      warnings: result.warnings.slice(0, 50).map((r) => ({ item: format(r.item), field: format(r.field), reason: sentence(r.reason) })),
      target: shown,
      targetExists: exists,
    };
    // Replacing a file is named in the plan and in the answer, never only implied by a flag.
    const replaces = exists && input.overwrite === true;
    if (!input.write) {
      const next = !materials.length ? 'Nothing to write: no EPD could be imported from these files (see refused).' : exists && !replaces ? `There already is ${shown}: call again with write: true and overwrite: true to replace it.` : 'Call again with write: true to write the file.';
      return { dryRun: true, wouldWrite: materials.length ? shown : null, wouldOverwrite: materials.length > 0 && replaces, ...report, next };
    }
    if (!materials.length) throw new ToolInputError('Nothing to write: no EPD could be imported from these files (see a dry run for the reasons).');
    if (exists && !input.overwrite) throw new ToolInputError(`There already is ${shown}: pass overwrite: true to replace it, or import into another folder.`);
    await resolveInWorkspace(target, ctx.workspace.roots);
    await ctx.workspace.writeText(target, JSON.stringify(materials.length === 1 ? materials[0] : materials, null, 2) + '\n');
    return { dryRun: false, written: shown, overwrote: replaces, ...report };
  },
);
