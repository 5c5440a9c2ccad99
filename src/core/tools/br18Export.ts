// The BR18 documentation for agents: Check Before Submission as a read-only tool, and the export as a write tool that
// plans first (a dry run: which files, how many rows, the findings) and writes only with `write: true`. The same core
// as the editor's commands (src/core/export/br18); findings and reasons in English, as models read them.
import * as path from 'path';
import { br18Documentation, buildBr18Workbook, checkBeforeSubmission, lineMaterialIds, placeOf, projectFigures, readBr18Data, readSubmissionFacts, submissionInput, SUBMISSION_FILE, workspaceItemsOf, writeBr18Xlsx, type Br18ExportInput, type CheckResult } from '../export/br18';
import { ENGLISH, format } from '../l10n';
import { fileStem } from '../templates/names';
import { ToolInputError, type ToolContext, type ToolDefinition } from './types';
import { resolveInWorkspace, shownPath } from '../workspace';

const idProp = { type: 'string', minLength: 1, maxLength: 200, description: 'The project id (lca_list_projects lists them)' };

async function inputOf(ctx: ToolContext, tool: string, projectId: string): Promise<Br18ExportInput> {
  if (!ctx.service) throw new ToolInputError(`${tool} needs a sign-in to the LCA service of environment ${JSON.stringify(ctx.environment.name)}: sign in (LCA: Sign In), then call it again.`);
  const data = await readBr18Data(ctx.service, projectId);
  // The workspace's files of the lines' materials (where a finding is) and the submission details asked in the editor.
  const workspace = await workspaceItemsOf(ctx.workspace, ctx.environment.epdUrl, new Set(lineMaterialIds(data.dashboard)));
  const file = ctx.workspace.roots.length ? path.join(ctx.workspace.roots[0], SUBMISSION_FILE) : undefined;
  const text = file && (await ctx.workspace.exists(file)) ? await ctx.workspace.readText(file) : undefined;
  return {
    ...data,
    workspace,
    ...submissionInput(readSubmissionFacts(text, projectId), file),
    rules: ctx.rules,
    codes: ctx.codes,
    software: { name: 'LCA Workbench', version: '' },
    today: new Date(),
  };
}

function findingsOut(check: CheckResult, roots: readonly string[]): Record<string, unknown> {
  return {
    findings: check.findings.map((f) => {
      const where = placeOf(f);
      const location = f.location ? `${shownPath(f.location.path, roots)}:${f.location.line}` : undefined;
      return { check: f.check, ...(where ? { where } : {}), ...(location ? { location } : {}), message: format(f.message) };
    }),
    notChecked: check.notChecked.map((m) => format(m)),
  };
}

function verdictOut(input: Br18ExportInput): Record<string, unknown> {
  const v = projectFigures(input).verdict;
  if (v.kind !== 'verdict') return { kind: 'none', reason: format(v.reason) };
  return { kind: 'verdict', ruleSet: format(v.ruleSet.label), unit: 'kg CO2e/m²/yr', building: v.building, ...(v.constructionProcess ? { constructionProcess: v.constructionProcess } : {}) };
}

export const checkSubmission: ToolDefinition = {
  name: 'lca_check_submission',
  title: 'Check before submission',
  description:
    'Checks a project\'s BR18 documentation before it is handed to the municipality, as Check Before Submission does in the editor: expired EPDs (at the permit application date of the workspace\'s lca-submission.json, else today), EN 15804 +A1 and +A2 data mixed in one result, lines without a service life, elements not mapped, a result that is not a BR18 result, the building or (2025 rules) the construction process A4 + A5 over its limit, limits the environment overrides, and what the BR18 spreadsheet export would leave empty. ' +
    'Each finding has its check id, where it is (building part › construction › material), location (file:line in the workspace) where it concerns a workspace file, and a message; notChecked says what the data cannot show. ' +
    'The submission details the project lacks (BBR use code, project type, permit dates) are read from lca-submission.json, which the editor\'s export asks for once; this tool never asks or invents them. Read-only; needs a sign-in.',
  inputSchema: { type: 'object', properties: { projectId: idProp }, required: ['projectId'], additionalProperties: false },
  writes: false,
  async run(input, ctx) {
    const data = await inputOf(ctx, 'lca_check_submission', input.projectId as string);
    const wb = buildBr18Workbook(data);
    return { projectId: input.projectId, project: data.project.projectName ?? null, br18: verdictOut(data), ...findingsOut(checkBeforeSubmission(data, wb.emptied), ctx.workspace.roots) };
  },
};

export const exportBr18: ToolDefinition = {
  name: 'lca_export_documentation',
  title: 'Export BR18 documentation',
  description:
    'Exports a project\'s BR18 documentation as the BR Standard Format spreadsheet (sheets Generel information, Bygningsdele, Drift; as LCAx reads it) with the check-before-submission report beside it (<name>.report.md). ' +
    'By default a dry run: says which files it would write, the rows per sheet, the BR18 verdict and the findings; nothing is written. With write: true it writes both files (an existing file is only replaced with overwrite: true). Default path: <project>.br18.xlsx in the workspace folder. Needs a sign-in.',
  inputSchema: {
    type: 'object',
    properties: {
      projectId: idProp,
      path: { type: 'string', minLength: 1, maxLength: 1000, description: 'The .xlsx file to write — relative to the workspace folder, or absolute inside it' },
      write: { type: 'boolean', description: 'Write the files (default false: a dry run)' },
      overwrite: { type: 'boolean', description: 'Replace existing files (default false)' },
    },
    required: ['projectId'],
    additionalProperties: false,
  },
  writes: true,
  async run(input, ctx) {
    const data = await inputOf(ctx, 'lca_export_documentation', input.projectId as string);
    const name = data.project.projectName ?? (input.projectId as string);
    const requested = (input.path as string | undefined) ?? `${fileStem(name, 'project')}.br18.xlsx`;
    if (!/\.xlsx$/i.test(requested)) throw new ToolInputError(`${JSON.stringify(requested)} is not an .xlsx file: give a path ending in .xlsx.`);
    const target = await resolveInWorkspace(requested, ctx.workspace.roots);
    const reportPath = target.replace(/\.xlsx$/i, '.report.md');
    // The workbook, the check and its report (each finding's file linked relative to the report), as the editor makes them.
    const { workbook: wb, check, report } = br18Documentation(data, ENGLISH, { projectName: name, workbook: path.basename(target), reportPath, shown: (p) => shownPath(p, ctx.workspace.roots) });
    const shown = shownPath(target, ctx.workspace.roots);
    const shownReport = shownPath(reportPath, ctx.workspace.roots);
    const exists = (await ctx.workspace.exists(target)) || (await ctx.workspace.exists(reportPath));
    const plan = {
      projectId: input.projectId,
      project: name,
      workbook: shown,
      report: shownReport,
      filesExist: exists,
      sheets: wb.sheets.map((s) => ({ name: s.name, rows: s.rows.length })),
      br18: verdictOut(data),
      ...findingsOut(check, ctx.workspace.roots),
    };
    if (!input.write) return { dryRun: true, ...plan, next: 'call again with write: true to write the files' };
    if (exists && !input.overwrite) throw new ToolInputError(`${shown} or ${shownReport} exists: pass overwrite: true to replace them, or give another path.`);
    if (!ctx.workspace.writeBytes) throw new ToolInputError('This workspace cannot write binary files: export with the editor\'s command Export BR18 Documentation… instead.');
    await ctx.workspace.writeBytes(target, await writeBr18Xlsx(wb));
    await ctx.workspace.writeText(reportPath, report);
    return { dryRun: false, written: [shown, shownReport], ...plan };
  },
};
