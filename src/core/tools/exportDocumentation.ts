// lca_export_documentation: the BR18 documentation export (core/export/br18, `br18Exporter`) as an agent tool made by
// `exportTool`, and what it shares with lca_check_submission (checkSubmission.ts): the documentation's input read from
// the tools' service and workspace (`readDocumentation`, as the editor reads it), the verdict and the findings in a
// model's words.
import * as path from 'path';
import { br18Exporter, placeOf, projectFigures, readDocumentation, readSubmissionFacts, SUBMISSION_FILE, workspaceItemsOf, type Br18ExportInput, type CheckResult } from '../export/br18';
import { format } from '../l10n';
import { fileStem } from '../templates/names';
import { shownPath } from '../workspace';
import { bool, eitherOf, idProp, int, list, needService, nullable, obj, sentence, str } from './shared';
import { LIMIT_SCHEMA } from './verdict';
import { exportTool } from './exportTool';
import type { ToolContext } from './types';

export const projectIdProp = idProp('The project id (lca_list_projects lists them)');
export const FINDINGS = { findings: list(obj({ check: str, where: str, location: str, message: str }, ['where', 'location'])), notChecked: list(str) };
export const VERDICT = eitherOf(obj({ kind: { const: 'none' }, reason: str }), obj({ kind: { const: 'verdict' }, ruleSet: str, unit: str, building: LIMIT_SCHEMA, constructionProcess: LIMIT_SCHEMA }, ['constructionProcess']));

/** What the documentation and the check of a project are built from, read as the editor reads it. */
export async function documentationOf(ctx: ToolContext, tool: string, projectId: string): Promise<Br18ExportInput> {
  const service = needService(ctx, tool);
  // The submission details asked in the editor, and the workspace's files of the lines' materials (where a finding is).
  const file = ctx.workspace.roots.length ? path.join(ctx.workspace.roots[0], SUBMISSION_FILE) : undefined;
  const text = file && (await ctx.workspace.exists(file)) ? await ctx.workspace.readText(file) : undefined;
  return readDocumentation(projectId, {
    service,
    env: { rules: ctx.rules, codes: ctx.codes, version: '' },
    workspace: (dashboard) => workspaceItemsOf(ctx.workspace, ctx.environment.epdUrl, dashboard),
    submission: readSubmissionFacts(text, projectId),
    ...(file ? { submissionFile: file } : {}),
  });
}

export function findingsOut(check: CheckResult, roots: readonly string[]): Record<string, unknown> {
  return {
    findings: check.findings.map((f) => {
      const where = placeOf(f);
      const location = f.location ? `${shownPath(f.location.path, roots)}:${f.location.line}` : undefined;
      return { check: f.check, ...(where ? { where } : {}), ...(location ? { location } : {}), message: sentence(f.message) };
    }),
    notChecked: check.notChecked.map((m) => sentence(m)),
  };
}

export function verdictOut(input: Br18ExportInput): Record<string, unknown> {
  const v = projectFigures(input).verdict;
  if (v.kind !== 'verdict') return { kind: 'none', reason: sentence(v.reason) };
  return { kind: 'verdict', ruleSet: format(v.ruleSet.label), unit: 'kg CO2e/m²/yr', building: v.building, ...(v.constructionProcess ? { constructionProcess: v.constructionProcess } : {}) };
}

export const exportDocumentation = exportTool({
  name: 'lca_export_documentation',
  title: 'Export BR18 documentation',
  description:
    'Exports a project\'s BR18 documentation as the BR Standard Format spreadsheet (sheets Generel information, Bygningsdele, Drift; as LCAx reads it) with the check-before-submission report beside it (<name>.report.md). ' +
    'By default a dry run: says which files it would write, the rows per sheet, the BR18 verdict and the findings; nothing is written. With write: true it writes both files (an existing file is only replaced with overwrite: true). Default path: <project>.br18.xlsx in the workspace folder. Needs a sign-in.',
  inputSchema: {
    type: 'object',
    properties: {
      projectId: projectIdProp,
      path: { type: 'string', minLength: 1, maxLength: 1000, description: 'The .xlsx file to write — relative to the workspace folder, or absolute inside it' },
      write: { type: 'boolean', description: 'Write the files (default false: a dry run)' },
      overwrite: { type: 'boolean', description: 'Replace existing files (default false)' },
    },
    required: ['projectId'],
    additionalProperties: false,
  },
  planSchema: { properties: { projectId: str, project: nullable('string'), workbook: str, report: str, filesExist: bool, sheets: list(obj({ name: str, rows: int })), br18: VERDICT, ...FINDINGS } },
  async read(input, ctx) {
    const { projectId } = input;
    const documentation = await documentationOf(ctx, 'lca_export_documentation', projectId);
    return { exporter: br18Exporter, input: documentation, path: `${fileStem(documentation.project.projectName ?? projectId, 'project')}${br18Exporter.ending}` };
  },
  plan: (built, { call, files, input, ctx }) => ({
    projectId: input.projectId,
    project: built.data.projectName,
    workbook: files.file,
    report: files.report,
    filesExist: files.filesExist,
    sheets: built.data.workbook.sheets.map((s) => ({ name: s.name, rows: s.rows.length })),
    br18: verdictOut(call.input),
    ...findingsOut(built.data.check, ctx.workspace.roots),
  }),
});
