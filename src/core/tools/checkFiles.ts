// lca_check_files: the findings of LCA files as the editor shows them (syntax, schema, rules).
import { componentsOf } from '../lca/construction';
import { documentKindOf, parseDocument } from '../document';
import { MaterialIndex, resolveInWorkspace, shownPath } from '../workspace';
import { analyzeFile, type FileFinding } from './analysis';
import { defineTool } from './define';
import { int, limitProp, list, obj, pathProp, sentence, str } from './shared';
import { ToolInputError } from './types';

const MAX_FILES_CHECKED = 2_000;

export const checkFiles = defineTool(
  {
    name: 'lca_check_files',
    title: 'Check LCA files',
    description:
      'Checks LCA files of the workspace (*.material.json, *.materials.json, *.construction.json) as the editor does: JSON syntax, the JSON Schema the service uses, and the semantic rules (module codes, indicator units, GWP sums, expired EPDs, duplicates, unknown epdIds, unit conversions). ' +
      'Give files or folders (a folder is searched recursively). Returns each finding with rule, severity, message, file and line:column, and counts of errors and warnings. ' +
      'Read-only. An epdId found neither in the workspace nor on the service (when signed in) is reported; when it cannot be looked up now, it is not.',
    inputSchema: {
      type: 'object',
      properties: {
        paths: { type: 'array', minItems: 1, maxItems: 50, items: pathProp('A file or folder'), description: 'Files or folders to check' },
        maxFindings: limitProp(100, 1000),
      },
      required: ['paths'],
      additionalProperties: false,
    },
    outputSchema: obj(
      { filesChecked: int, filesLeftOut: int, errors: int, warnings: int, findings: list(obj({ file: str, rule: str, severity: str, message: str, line: int, column: int })), findingsLeftOut: int, epdIdsNotLookedUp: list(obj({ id: str, why: str })) },
      ['filesLeftOut', 'findingsLeftOut', 'epdIdsNotLookedUp'],
    ),
    writes: false,
  },
  async (input, ctx) => {
    const files: string[] = [];
    for (const p of input.paths) {
      const abs = await resolveInWorkspace(p, ctx.workspace.roots);
      if (await ctx.workspace.isFolder(abs)) files.push(...(await ctx.workspace.listFiles(abs)).filter((f) => documentKindOf(f)));
      else if (documentKindOf(abs)) files.push(abs);
      else throw new ToolInputError(`The path ${JSON.stringify(p)} is not an LCA file (*.material.json, *.materials.json, *.construction.json) nor a folder: give one of those.`);
    }
    const unique = [...new Set(files)].slice(0, MAX_FILES_CHECKED);
    const materials = await MaterialIndex.load(ctx);
    const texts = new Map<string, string>();
    const ids: string[] = [];
    for (const f of unique) {
      let text: string;
      try {
        text = await ctx.workspace.readText(f);
      } catch {
        throw new ToolInputError(`The file ${JSON.stringify(shownPath(f, ctx.workspace.roots))} cannot be read (does it exist?): give the path of an existing file.`);
      }
      texts.set(f, text);
      if (documentKindOf(f) === 'construction') for (const c of componentsOf(parseDocument(text))) if (c.epdId) ids.push(c.epdId);
    }
    await materials.ensure(ids);
    const max = input.maxFindings ?? 100;
    const findings: (FileFinding & { file: string })[] = [];
    let errors = 0;
    let warnings = 0;
    for (const [f, text] of texts) {
      for (const x of analyzeFile(text, { fileName: f, codes: ctx.codes, resolveEpd: materials.resolver() })) {
        if (x.severity === 'error') errors++;
        else warnings++;
        if (findings.length < max) findings.push({ file: shownPath(f, ctx.workspace.roots), ...x });
      }
    }
    return {
      filesChecked: texts.size,
      ...(files.length > unique.length ? { filesLeftOut: files.length - unique.length } : {}),
      errors,
      warnings,
      findings,
      ...(errors + warnings > findings.length ? { findingsLeftOut: errors + warnings - findings.length } : {}),
      ...(materials.unknown.size ? { epdIdsNotLookedUp: [...materials.unknown].slice(0, 20).map(([id, why]) => ({ id, why: sentence(why) })) } : {}),
    };
  },
);
