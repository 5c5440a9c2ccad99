// The report of a BR18 documentation export (and of Check Before Submission alone): Markdown, in the UI language
// (`Phrasing` from the editor: its sentences, numbers as the dashboard writes them, days as "2. jun. 2025"), saved
// beside the workbook. First what a reviewer would question, with its count in the headline, by check and where;
// then, apart, what the export left empty. Text from data (names, places) is escaped: it reads as itself.
import { createFormatter } from '../../dashboard/format';
import { DAY_TEMPLATE, dayMsg, formatDayIn } from '../../dates';
import { escapeMd } from '../../display';
import { joined, msg, type Msg, type Phrasing } from '../../l10n';
import type { Br18Verdict } from '../../lca/br18Rules';
import { questioned, type CheckResult } from './checks';
import type { CheckId, Finding } from './types';
import type { AreaRow } from './workbook';

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

/** The order a reviewer reads the findings in: the verdict first, then the data behind it. */
const REVIEW_ORDER: readonly Exclude<CheckId, 'leftEmpty'>[] = [
  'buildingOverLimit',
  'constructionProcessOverLimit',
  'notBr18Result',
  'expiredEpd',
  'standardsMixed',
  'serviceLife',
  'notMapped',
  'limitOverridden',
];

export interface ReportInput {
  projectName: string;
  /** The day of the check. */
  date: Date;
  verdict?: Br18Verdict;
  /** The workbook's area rows, which add up to the reference area (`referenceAreaRows`), and that area. */
  areas?: { rows: readonly AreaRow[]; referenceArea?: number };
  check: CheckResult;
  /** The workbook's file name, when the report belongs to an export. */
  workbook?: string;
  /**
   * A finding's place in the workspace's files as a link: its text (the file as the workspace names it, and the line)
   * and target (a path relative to the report, or a file URI, with `#L<line>`, which the editor opens at the line).
   */
  linkOf?: (location: { path: string; line: number }) => { text: string; target: string };
}

/** Text from data shown as itself in Markdown: on one line, every character Markdown would read as syntax escaped. */
export const markdownText = (s: string): string => escapeMd(s.replace(/\s*[\r\n]+\s*/g, ' '));

/**
 * How the check's messages are phrased in `p`: numbers as the dashboard writes them (`createFormatter` of the
 * locale: "8,6" in Danish), calendar days in the language ("2. jun. 2025"), and text from data through `text`
 * (escaped for Markdown in the report; as it is in the Problems view).
 */
export function phraseWith(p: Phrasing, text: (s: string) => string = (s) => s): (m: Msg) => string {
  const fmt = createFormatter(p.locale, '');
  const day = p.day ?? ((d: Date) => formatDayIn('en', d, 'UTC'));
  const walk = (m: Msg): Msg =>
    m.message === DAY_TEMPLATE
      ? { message: '{0}', args: [day(new Date(`${String(m.args[0])}T00:00:00Z`))] }
      : { message: m.message, args: m.args.map((a) => (typeof a === 'number' ? fmt.number(a) : typeof a === 'string' ? text(a) : walk(a))) };
  return (m) => p.say(walk(m));
}

const where = (f: Finding): string => {
  const w = f.where;
  if (!w) return '';
  const parts = [...w.parts, ...('construction' in w ? [w.construction, w.material] : [])].filter((p) => p !== '');
  return parts.length ? `**${parts.map(markdownText).join(' › ')}**: ` : '';
};

/** "5,200 m² (Etageareal jf. §455) + 25 % × 120 m² (Udvendige ramper, …)": the rows that hold an area. */
function areaTerms(rows: readonly AreaRow[]): Msg {
  const terms = rows
    .filter((r) => r.area !== undefined && r.area !== 0)
    .map((r) => {
      const name = r.label.replace(/\s*\(\d+% medregnes\)$/, '');
      return r.share === 1 ? msg('{0} m² ({1})', r.area!, name) : msg('{0} % × {1} m² ({2})', Math.round(r.share * 100), r.area!, name);
    });
  return joined(terms, ' + ');
}

/** The report's head: the date, the workbook, the verdict, how the reference area was formed. */
function head(r: ReportInput, say: (m: Msg) => string): string[] {
  const out = [say(msg('Checked on {0}.', dayMsg(r.date)))];
  if (r.workbook) out.push(say(msg('BR18 documentation written to {0}.', r.workbook)));
  out.push('');
  const v = r.verdict;
  if (v?.kind === 'verdict') {
    out.push(`- ${say(msg('Rules applied: {0}', v.ruleSet.label))}`);
    out.push(`- ${say(msg('Building: {0} of {1} kg CO₂e/m²/yr ({2})', v.building.value, v.building.limit, v.building.passes ? msg('within the limit') : msg('over the limit')))}`);
    const cp = v.constructionProcess;
    if (cp) out.push(`- ${say(msg('Construction process (A4 + A5): {0} of {1} kg CO₂e/m²/yr ({2})', cp.value, cp.limit, cp.passes ? msg('within the limit') : msg('over the limit')))}`);
  } else if (v) out.push(`- ${say(msg('No BR18 verdict: {0}', v.reason))}`);
  const a = r.areas;
  if (a?.referenceArea !== undefined) {
    out.push(`- ${say(msg('Reference area (Samlet areal): {0} m² = {1}: the workbook\'s area rows, each counted with the share its label states; the figures per m² are per this area', a.referenceArea, areaTerms(a.rows)))}`);
  } else if (a) out.push(`- ${say(msg('No reference area: the project gives no heated floor area'))}`);
  return out;
}

function section(title: Msg, findings: readonly Finding[], r: ReportInput, say: (m: Msg) => string): string[] {
  const out = ['', `## ${say(msg('{0} ({1})', title, findings.length))}`, ''];
  for (const f of findings) {
    const link = f.location && r.linkOf?.(f.location);
    const target = link?.target.replace(/[<>\r\n]/g, (c) => encodeURIComponent(c));
    out.push(`- ${where(f)}${say(f.message)}${link ? ` ([${markdownText(link.text)}](<${target}>))` : ''}`);
  }
  return out;
}

/** The report as Markdown. */
export function br18Report(r: ReportInput, phrasing: Phrasing): string {
  const say = phraseWith(phrasing, markdownText);
  const review = questioned(r.check);
  const empty = r.check.findings.filter((f) => f.check === 'leftEmpty');
  const out: string[] = [`# ${say(msg('Check Before Submission: {0}', r.projectName))}`, ''];
  out.push(`**${review.length ? say(msg('{0} finding(s) a reviewer would question.', review.length)) : say(msg('No findings a reviewer would question.'))}** ${say(msg('They do not block the export.'))}`);
  if (empty.length) out.push('', say(msg('{0} field(s) the data does not fill are listed apart, at the end.', empty.length)));
  out.push('', ...head(r, say));
  for (const id of REVIEW_ORDER) {
    const fs = review.filter((f) => f.check === id);
    if (fs.length) out.push(...section(TITLES[id], fs, r, say));
  }
  if (empty.length) out.push(...section(TITLES.leftEmpty, empty, r, say));
  if (r.check.notChecked.length) {
    out.push('', `## ${say(msg('Not checked'))}`, '');
    for (const m of r.check.notChecked) out.push(`- ${say(m)}`);
  }
  return out.join('\n') + '\n';
}
