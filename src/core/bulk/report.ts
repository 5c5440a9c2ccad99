// The Markdown report of a bulk-create run: what was created, what existed already, what was not sent (and
// why), so that the user knows exactly where things stand and that running again sends only the rest.
// Written in the language the editor layer passes (`ReportPhrasing`); ids, keys and file names stay as they are.
import { formatDateIn } from '../dates';
import { ENGLISH, msg, type Msg, type Phrasing } from '../l10n';
import type { BulkJobResult } from './job';
import type { MaterialRef } from './items';
import type { SidecarItem } from './sidecar';
import { markdownCell } from '../display';

/** Rows listed per section before "… and N more" (the sidecar holds every id). */
export const REPORT_ROW_LIMIT = 500;

/** How a report is phrased: sentences and numbers (`Phrasing`) and moments. */
export interface ReportPhrasing extends Phrasing {
  readonly date: (d: Date) => string;
}

/** English sentences and numbers, English dates (the default of a report). */
export function englishReport(): ReportPhrasing {
  return { ...ENGLISH, date: (d) => formatDateIn('en', d) };
}

const cell = markdownCell;

function section(p: Phrasing, title: Msg, rows: string[], header: string): string[] {
  if (rows.length === 0) return [];
  const shown = rows.slice(0, REPORT_ROW_LIMIT);
  const out = [`## ${p.say(msg('{0} ({1})', title, rows.length))}`, '', header, `|${header.split('|').slice(1, -1).map(() => '---').join('|')}|`, ...shown];
  if (rows.length > shown.length) out.push('', p.say(msg('… and {0} more.', rows.length - shown.length)));
  out.push('');
  return out;
}

const recordRow = (r: SidecarItem): string => `| ${cell(r.name)} | ${cell(r.originalUUID)}@${cell(r.originalVersion)} | ${cell(r.id)} |`;
const refRow = (r: MaterialRef, note = ''): string => `| ${r.index} | ${cell(r.name)} | ${cell(r.key)} | ${note} |`;

/** The counts a run ends with, as the service sees them. */
export interface RunCounts {
  /** Created in this run, each answered with its id. */
  created: number;
  /** Found on the service already (409 with its id): recorded, nothing created. */
  alreadyThere: number;
  /** Sent, but the answer never came (cancelled in flight, or lost): the service may hold them; the next run reconciles them. */
  inFlight: number;
  /** Never sent. */
  notSent: number;
  /** Created earlier per the sidecar (not sent in this run). */
  earlier: number;
}

export function runCounts(result: BulkJobResult): RunCounts {
  const inFlight = result.unconfirmed.length;
  return {
    created: result.created.length,
    alreadyThere: result.alreadyThere.length,
    inFlight,
    notSent: result.notSent.length - inFlight,
    earlier: result.skipped.length,
  };
}

/**
 * One line for a notification. Complete: "Created 800 of 800 materials". Cancelled or stopped: "400 confirmed,
 * 200 in flight when cancelled (will be reconciled on the next run), 1,400 not sent (cancelled)".
 */
export function summaryLine(result: BulkJobResult, p: Phrasing = ENGLISH): string {
  const fmt = (n: number): string => n.toLocaleString(p.locale);
  const c = runCounts(result);
  const sent = result.total - result.skipped.length;
  const parts: Msg[] = [];
  if (result.notSent.length === 0) {
    parts.push(sent === 1 ? msg('Created {0} of {1} material', fmt(c.created), fmt(sent)) : msg('Created {0} of {1} materials', fmt(c.created), fmt(sent)));
  } else {
    parts.push(msg('{0} confirmed', fmt(c.created)));
  }
  if (c.alreadyThere) parts.push(msg('{0} already on the service', fmt(c.alreadyThere)));
  if (c.inFlight) {
    parts.push(
      result.cancelled
        ? msg('{0} in flight when cancelled (will be reconciled on the next run)', fmt(c.inFlight))
        : msg('{0} sent without an answer (will be reconciled on the next run)', fmt(c.inFlight)),
    );
  }
  if (result.notSent.length) parts.push(msg('{0} not sent', fmt(c.notSent)));
  if (c.earlier) parts.push(msg('{0} created earlier', fmt(c.earlier)));
  const line = parts.map(p.say).join(', ');
  if (result.cancelled) return p.say(msg('{0} (cancelled)', line));
  if (result.failed) return p.say(msg('{0} — {1}', line, result.failed.message));
  return line;
}

export function renderReport(
  result: BulkJobResult,
  meta: { source: string; sidecar: string; epdUrl: string; startedAt?: Date },
  p: ReportPhrasing = englishReport(),
): string {
  const say = p.say;
  const header = `| ${say(msg('name'))} | originalUUID@originalVersion | id |`;
  const state = result.cancelled ? say(msg('cancelled')) : result.failed ? say(msg('stopped by a failure')) : say(msg('completed'));
  const unconfirmed = new Set(result.unconfirmed.map((r) => r.key));
  const seconds = (result.durationMs / 1000).toLocaleString(p.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const unsent = result.notSent.length - result.unconfirmed.length;
  const lines = [
    `# ${say(msg('Bulk create: {0}', meta.source))}`,
    '',
    `- ${say(msg('Service: {0}', meta.epdUrl))}`,
    `- ${say(msg('Result: **{0}** — {1}', state, summaryLine(result, p)))}`,
    `- ${say(msg('Materials in the file: {0}; created earlier (per the sidecar, not sent): {1}', result.total, result.skipped.length))}`,
    `- ${
      result.cancelled
        ? say(msg('Created now (confirmed): {0}; already on the service (ids recorded, nothing created): {1}; in flight when cancelled (the service may hold them; the next run reconciles them): {2}; not sent: {3}', result.created.length, result.alreadyThere.length, result.unconfirmed.length, unsent))
        : say(msg('Created now (confirmed): {0}; already on the service (ids recorded, nothing created): {1}; sent without an answer (the service may hold them; the next run reconciles them): {2}; not sent: {3}', result.created.length, result.alreadyThere.length, result.unconfirmed.length, unsent))
    }`,
    `- ${say(msg('Ids are recorded in `{0}`; the materials file was not changed.', meta.sidecar))}`,
    `- ${meta.startedAt ? say(msg('Time: {0} s (started {1})', seconds, p.date(meta.startedAt))) : say(msg('Time: {0} s', seconds))}`,
    '',
  ];
  if (result.failed) {
    lines.push(
      `## ${say(msg('Failure'))}`,
      '',
      result.failed.status !== undefined ? say(msg('{0} (HTTP {1}).', result.failed.message, result.failed.status)) : say(msg('{0}.', result.failed.message)),
      '',
      say(msg('The failed request started at item {0} of the file.', result.failed.chunkStart)),
      result.failed.outcomeUnknown
        ? say(msg('Its answer was lost, so the service may or may not have created those materials (listed as "not confirmed" below). Running again asks the service: materials it already holds are answered with their existing ids and recorded, none is created twice.'))
        : say(msg('The service did not create anything of that request.')),
      '',
    );
  }
  if (result.notSent.length) {
    const n = result.notSent.length;
    const runAgain = n === 1
      ? say(msg('**Run Again** (this report\'s title bar, the file\'s context menu in the Explorer, or the palette: *LCA: Bulk Create: Run Again*) sends the {0} material not created; the ones created are recorded and will not be sent again', n))
      : say(msg('**Run Again** (this report\'s title bar, the file\'s context menu in the Explorer, or the palette: *LCA: Bulk Create: Run Again*) sends the {0} materials not created; the ones created are recorded and will not be sent again', n));
    const reconciled = result.unconfirmed.length ? say(msg(', and those in flight are reconciled: the service answers the ones it holds with their ids, nothing is created twice')) : '';
    lines.push(`${runAgain}${reconciled}.`, '');
  }
  const note = (r: MaterialRef): string =>
    unconfirmed.has(r.key)
      ? result.cancelled ? say(msg('in flight when cancelled (reconciled on the next run)')) : say(msg('not confirmed (answer lost)'))
      : say(msg('not sent'));
  lines.push(...section(p, msg('Not created'), result.notSent.map((r) => refRow(r, note(r))), `| # | ${say(msg('name'))} | originalUUID@originalVersion | ${say(msg('state'))} |`));
  lines.push(...section(p, msg('Created'), result.created.map(recordRow), header));
  lines.push(...section(p, msg('Already on the service'), result.alreadyThere.map(recordRow), header));
  return lines.join('\n');
}
