// The BR18 documentation of a project in one call, as the editor's commands and the tools make it: the workbook, the
// check before submission (run on what the workbook left empty) and its report in the caller's language, each
// finding on a workspace file linked at its line.
import type { Phrasing } from '../../l10n';
import { checkBeforeSubmission, type CheckResult } from './checks';
import { projectFigures } from './facts';
import { reportLinks } from './locate';
import { br18Report } from './report';
import type { Br18ExportInput, Br18Workbook } from './types';
import { buildBr18Workbook } from './workbook';

export interface DocumentationOptions {
  /** The project's name where the project read has none. */
  projectName: string;
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
  const projectName = input.project.projectName ?? o.projectName;
  const report = br18Report(
    {
      projectName,
      date: input.today.toISOString().slice(0, 10),
      verdict: projectFigures(input).verdict,
      check,
      ...(o.workbook ? { workbook: o.workbook } : {}),
      linkOf: reportLinks(o.reportPath, o.shown),
    },
    phrasing,
  );
  return { workbook, check, report, projectName };
}
