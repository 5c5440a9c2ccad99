// The BR18 documentation of a project, as the editor's commands and the tools make it: its input read once for both
// (`readDocumentation`: the project with its dashboard and materials, the workspace's files of its lines, the
// submission details), and the documentation itself — the workbook, the check before submission (run on what the
// workbook left empty) and its report in the caller's language, each finding on a workspace file linked at its line.
// `br18Exporter` is the export of the frame (../frame.ts): the workbook with the report beside it.
import type { Dashboard } from '../../api/types';
import type { Phrasing } from '../../l10n';
import type { Exporter } from '../frame';
import { readProjectWithDashboard, type ProjectEnvironment, type ProjectReadOptions, type ProjectService } from '../project';
import { checkBeforeSubmission, type CheckResult } from './checks';
import { projectFigures } from './facts';
import { reportLinks } from './locate';
import { br18Report } from './report';
import { submissionInput, type SubmissionRead } from './submission';
import type { Br18ExportInput, Br18Workbook, WorkspaceItems } from './types';
import { buildBr18Workbook, referenceAreaRows } from './workbook';
import { writeBr18Xlsx } from './xlsx';

export interface DocumentationOptions {
  /** The project's name where the project read has none (default: its id). */
  projectName?: string;
  /** The workbook's file name, when the report belongs to an export. */
  workbook?: string;
  /** Where the report is saved (its links are relative to it); undefined: not saved, the links are file URIs. */
  reportPath?: string;
  /** A workspace file as the caller names it (relative to its folder). */
  shown: (absolute: string) => string;
}

export function br18Documentation(input: Br18ExportInput, phrasing: Phrasing, o: DocumentationOptions): { workbook: Br18Workbook; check: CheckResult; report: string; projectName: string } {
  const workbook = buildBr18Workbook(input);
  const check = checkBeforeSubmission(input, workbook.emptied);
  const projectName = input.project.projectName ?? o.projectName ?? input.project.id;
  const f = projectFigures(input);
  const report = br18Report(
    {
      projectName,
      date: input.today,
      verdict: f.verdict,
      areas: { rows: referenceAreaRows(f), ...(f.referenceArea !== undefined ? { referenceArea: f.referenceArea } : {}) },
      check,
      ...(o.workbook ? { workbook: o.workbook } : {}),
      linkOf: reportLinks(o.reportPath, o.shown),
    },
    phrasing,
  );
  return { workbook, check, report, projectName };
}

/** Where the documentation's input comes from: the service, the workspace's files of the lines, the submission details. */
export interface DocumentationSource {
  service: ProjectService;
  env: ProjectEnvironment;
  /** The workspace's files of the lines' materials and constructions (the editor's catalog, the tools' workspace). */
  workspace(dashboard: Dashboard): Promise<WorkspaceItems>;
  /** The project's submission details as read, and the path of the file they were read from (for a problem's line). */
  submission: SubmissionRead;
  submissionFile?: string;
  read?: ProjectReadOptions;
}

/** Reads what the documentation and the check are built from. */
export async function readDocumentation(projectId: string, s: DocumentationSource): Promise<Br18ExportInput> {
  const read = await readProjectWithDashboard(s.service, projectId, s.env, s.read);
  return { ...read, workspace: await s.workspace(read.dashboard), ...submissionInput(s.submission, s.submissionFile), today: new Date() };
}

/** The BR Standard Format workbook with the check's report beside it. */
export const br18Exporter: Exporter<Br18ExportInput, ReturnType<typeof br18Documentation>> = {
  id: 'br18',
  ending: '.br18.xlsx',
  fileType: 'Excel',
  build(input, phrasing, place) {
    const documentation = br18Documentation(input, phrasing, { workbook: place.name, reportPath: place.reportPath, shown: place.shown });
    return { content: () => writeBr18Xlsx(documentation.workbook), report: documentation.report, data: documentation };
  },
};
