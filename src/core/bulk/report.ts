// The Markdown report of a bulk-create run: what was created, what existed already, what was not sent (and
// why), so that the user knows exactly where things stand and that running again sends only the rest.
import { format } from '../l10n';
import type { BulkJobResult, MaterialRef } from './job';
import type { SidecarItem } from './sidecar';

/** Rows listed per section before "… and N more" (the sidecar holds every id). */
export const REPORT_ROW_LIMIT = 500;

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');

function section(title: string, rows: string[], header: string): string[] {
  if (rows.length === 0) return [];
  const shown = rows.slice(0, REPORT_ROW_LIMIT);
  const out = [`## ${title} (${rows.length})`, '', header, `|${header.split('|').slice(1, -1).map(() => '---').join('|')}|`, ...shown];
  if (rows.length > shown.length) out.push('', `… and ${rows.length - shown.length} more.`);
  out.push('');
  return out;
}

const recordRow = (r: SidecarItem): string => `| ${cell(r.name)} | ${cell(r.originalUUID)}@${cell(r.originalVersion)} | ${cell(r.id)} |`;
const refRow = (r: MaterialRef, note = ''): string => `| ${r.index} | ${cell(r.name)} | ${cell(r.key)} | ${note} |`;

const fmt = (n: number): string => n.toLocaleString('en-US');

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
export function summaryLine(result: BulkJobResult): string {
  const c = runCounts(result);
  const sent = result.total - result.skipped.length;
  const parts: string[] = [];
  if (result.notSent.length === 0) {
    parts.push(`Created ${fmt(c.created)} of ${fmt(sent)} material${sent === 1 ? '' : 's'}`);
  } else {
    parts.push(`${fmt(c.created)} confirmed`);
  }
  if (c.alreadyThere) parts.push(`${fmt(c.alreadyThere)} already on the service`);
  if (c.inFlight) {
    parts.push(
      result.cancelled
        ? `${fmt(c.inFlight)} in flight when cancelled (will be reconciled on the next run)`
        : `${fmt(c.inFlight)} sent without an answer (will be reconciled on the next run)`,
    );
  }
  if (result.notSent.length) parts.push(`${fmt(c.notSent)} not sent`);
  if (c.earlier) parts.push(`${fmt(c.earlier)} created earlier`);
  const why = result.cancelled ? ' (cancelled)' : result.failed ? ` — ${format(result.failed.message)}` : '';
  return `${parts.join(', ')}${why}`;
}

export function renderReport(result: BulkJobResult, meta: { source: string; sidecar: string; epdUrl: string; startedAt?: Date }): string {
  const header = '| name | originalUUID@originalVersion | id |';
  const state = result.cancelled ? 'cancelled' : result.failed ? 'stopped by a failure' : 'completed';
  const unconfirmed = new Set(result.unconfirmed.map((r) => r.key));
  const lines = [
    `# Bulk create: ${meta.source}`,
    '',
    `- Service: ${meta.epdUrl}`,
    `- Result: **${state}** — ${summaryLine(result)}`,
    `- Materials in the file: ${result.total}; created earlier (per the sidecar, not sent): ${result.skipped.length}`,
    `- Created now (confirmed): ${result.created.length}; already on the service (ids recorded, nothing created): ${result.alreadyThere.length}; ${result.cancelled ? 'in flight when cancelled' : 'sent without an answer'} (the service may hold them; the next run reconciles them): ${result.unconfirmed.length}; not sent: ${result.notSent.length - result.unconfirmed.length}`,
    `- Ids are recorded in \`${meta.sidecar}\`; the materials file was not changed.`,
    `- Time: ${(result.durationMs / 1000).toFixed(1)} s${meta.startedAt ? ` (started ${meta.startedAt.toISOString()})` : ''}`,
    '',
  ];
  if (result.failed) {
    lines.push(
      '## Failure',
      '',
      `${format(result.failed.message)}${result.failed.status !== undefined ? ` (HTTP ${result.failed.status})` : ''}.`,
      '',
      `The failed request started at item ${result.failed.chunkStart} of the file.`,
      result.failed.outcomeUnknown
        ? 'Its answer was lost, so the service may or may not have created those materials (listed as "not confirmed" below). Running again asks the service: materials it already holds are answered with their existing ids and recorded, none is created twice.'
        : 'The service did not create anything of that request.',
      '',
    );
  }
  if (result.notSent.length) {
    lines.push(
      `**Run Again** (this report's title bar, the file's context menu in the Explorer, or the palette: *LCA: Bulk Create: Run Again*) sends the ${result.notSent.length} material${result.notSent.length === 1 ? '' : 's'} not created; the ones created are recorded and will not be sent again${result.unconfirmed.length ? ', and those in flight are reconciled: the service answers the ones it holds with their ids, nothing is created twice' : ''}.`,
      '',
    );
  }
  lines.push(
    ...section(
      'Not created',
      result.notSent.map((r) => refRow(r, unconfirmed.has(r.key) ? (result.cancelled ? 'in flight when cancelled (reconciled on the next run)' : 'not confirmed (answer lost)') : 'not sent')),
      '| # | name | originalUUID@originalVersion | state |',
    ),
  );
  lines.push(...section('Created', result.created.map(recordRow), header));
  lines.push(...section('Already on the service', result.alreadyThere.map(recordRow), header));
  return lines.join('\n');
}
