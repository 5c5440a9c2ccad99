// The Markdown report of a bulk-create run: what was created, what existed already, what was not sent (and
// why), so that the user knows exactly where things stand and that running again sends only the rest.
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

/** One line for a notification: "Created 400 of 1000 materials; 600 not sent." */
export function summaryLine(result: BulkJobResult): string {
  const sent = result.total - result.skipped.length;
  const parts = [`Created ${result.created.length} of ${sent} material${sent === 1 ? '' : 's'}`];
  if (result.alreadyThere.length) parts.push(`${result.alreadyThere.length} already on the service`);
  if (result.skipped.length) parts.push(`${result.skipped.length} created earlier`);
  if (result.notSent.length) parts.push(`${result.notSent.length} not created`);
  const why = result.cancelled ? ' (cancelled)' : result.failed ? ` — ${result.failed.message}` : '';
  return `${parts.join('; ')}${why}`;
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
    `- Created now: ${result.created.length}; already on the service (ids recorded, nothing created): ${result.alreadyThere.length}; not created: ${result.notSent.length}`,
    `- Ids are recorded in \`${meta.sidecar}\`; the materials file was not changed.`,
    `- Time: ${(result.durationMs / 1000).toFixed(1)} s${meta.startedAt ? ` (started ${meta.startedAt.toISOString()})` : ''}`,
    '',
  ];
  if (result.failed) {
    lines.push(
      '## Failure',
      '',
      `${result.failed.message}${result.failed.status !== undefined ? ` (HTTP ${result.failed.status})` : ''}.`,
      '',
      `The failed request started at item ${result.failed.chunkStart} of the file.`,
      result.failed.outcomeUnknown
        ? 'Its answer was lost, so the service may or may not have created those materials (listed as "not confirmed" below). Running again asks the service: materials it already holds are answered with their existing ids and recorded, none is created twice.'
        : 'The service did not create anything of that request.',
      '',
    );
  }
  if (result.notSent.length) {
    lines.push(`**Run the bulk create again** to send the ${result.notSent.length} material${result.notSent.length === 1 ? '' : 's'} not created; the ones created are recorded and will not be sent again.`, '');
  }
  lines.push(...section('Not created', result.notSent.map((r) => refRow(r, unconfirmed.has(r.key) ? 'not confirmed (answer lost)' : 'not sent')), '| # | name | originalUUID@originalVersion | state |'));
  lines.push(...section('Created', result.created.map(recordRow), header));
  lines.push(...section('Already on the service', result.alreadyThere.map(recordRow), header));
  return lines.join('\n');
}
