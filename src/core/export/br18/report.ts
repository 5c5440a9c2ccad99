// The report of a BR18 documentation export (and of Check Before Submission alone): Markdown, in the UI language
// (`Phrasing` from the editor), saved beside the workbook. Findings are grouped by check and say where.
import { msg, type Msg, type Phrasing } from '../../l10n';
import type { Br18Verdict } from '../../lca/br18Rules';
import type { CheckResult } from './checks';
import { CHECK_IDS, type CheckId, type Finding } from './types';

const TITLES: Record<CheckId, Msg> = {
  expiredEpd: msg('Expired EPDs'),
  standardsMixed: msg('EN 15804 +A1 and +A2 data mixed'),
  serviceLife: msg('Lines without a service life'),
  notMapped: msg('Elements not mapped'),
  notBr18Result: msg('Not a BR18 result'),
  buildingOverLimit: msg('Building over its limit'),
  constructionProcessOverLimit: msg('Construction process over its limit'),
  limitOverridden: msg('Limits overridden by the environment'),
  leftEmpty: msg('Data left empty by the export'),
};

export interface ReportInput {
  projectName: string;
  /** ISO date of the check. */
  date: string;
  verdict?: Br18Verdict;
  check: CheckResult;
  /** The workbook's file name, when the report belongs to an export. */
  workbook?: string;
  /**
   * A finding's place in the workspace's files as a link: its text (the file as the workspace names it, and the line)
   * and target (a path relative to the report, or a file URI, with `#L<line>`, which the editor opens at the line).
   */
  linkOf?: (location: { path: string; line: number }) => { text: string; target: string };
}

const where = (f: Finding): string => {
  const w = f.where;
  if (!w) return '';
  const parts = [...w.parts, ...('construction' in w ? [w.construction, w.material] : [])].filter((p) => p !== '');
  return parts.length ? `**${parts.join(' › ').replace(/\*/g, '\\*')}**: ` : '';
};

/** The report as Markdown. */
export function br18Report(r: ReportInput, phrasing: Phrasing): string {
  const say = phrasing.say;
  const out: string[] = [`# ${say(msg('Check Before Submission: {0}', r.projectName))}`, ''];
  out.push(say(msg('Checked on {0}.', r.date)));
  if (r.workbook) out.push(say(msg('BR18 documentation written to {0}.', r.workbook)));
  out.push('');
  const v = r.verdict;
  if (v?.kind === 'verdict') {
    out.push(`- ${say(msg('Rules applied: {0}', v.ruleSet.label))}`);
    out.push(`- ${say(msg('Building: {0} of {1} kg CO₂e/m²/yr ({2})', v.building.value, v.building.limit, v.building.passes ? msg('within the limit') : msg('over the limit')))}`);
    const cp = v.constructionProcess;
    if (cp) out.push(`- ${say(msg('Construction process (A4 + A5): {0} of {1} kg CO₂e/m²/yr ({2})', cp.value, cp.limit, cp.passes ? msg('within the limit') : msg('over the limit')))}`);
  } else if (v) out.push(`- ${say(msg('No BR18 verdict: {0}', v.reason))}`);
  out.push('');
  const total = r.check.findings.length;
  out.push(total ? say(msg('{0} finding(s) a reviewer would question. They do not block the export.', total)) : say(msg('No findings.')));
  for (const id of CHECK_IDS) {
    const fs = r.check.findings.filter((f) => f.check === id);
    if (!fs.length) continue;
    out.push('', `## ${say(TITLES[id])} (${fs.length})`, '');
    for (const f of fs) {
      const link = f.location && r.linkOf?.(f.location);
      out.push(`- ${where(f)}${say(f.message)}${link ? ` ([${link.text.replace(/[[\]]/g, '\\$&')}](<${link.target}>))` : ''}`);
    }
  }
  if (r.check.notChecked.length) {
    out.push('', `## ${say(msg('Not checked'))}`, '');
    for (const m of r.check.notChecked) out.push(`- ${say(m)}`);
  }
  return out.join('\n') + '\n';
}
