// The report of an LCAbyg or LCAx export: Markdown in the UI language (`Phrasing` from the editor), written beside
// the file. It names what was written, what LCAbyg's library supplies (Tabel 7 rows), what could not be written and
// why, what the format cannot carry, and — for LCAbyg — what it does with a second import of the same ids.
import { msg, type Phrasing } from '../../l10n';
import { SECOND_IMPORT } from './lcabyg';
import type { ExchangeReport } from './types';

export interface ExchangeReportInput {
  format: 'lcabyg' | 'lcax';
  /** The exported file's name. */
  file: string;
  report: ExchangeReport;
  /** Ids made new for a copy. */
  copy?: boolean;
}

const esc = (s: string): string => s.replace(/([|\\`*_[\]<>])/g, '\\$1').replace(/\r?\n/g, ' ');

/** The report as Markdown. */
export function exchangeReport(r: ExchangeReportInput, phrasing: Phrasing): string {
  const say = phrasing.say;
  const rep = r.report;
  const out: string[] = [`# ${say(r.format === 'lcabyg' ? msg('LCAbyg export: {0}', r.file) : msg('LCAx export: {0}', r.file))}`, ''];
  out.push(say(msg('{0} construction(s) written, {1} refused; {2} material(s) with their own figures, {3} from LCAbyg\'s library.', rep.constructions.length, rep.refused.length, rep.materials.length, rep.references.length)), '');
  if (r.format === 'lcabyg') out.push(`> ${say(SECOND_IMPORT)}${r.copy ? ` ${say(msg('This file is a copy: its ids are new.'))}` : ''}`, '');
  if (rep.constructions.length) out.push(`## ${say(msg('Constructions'))}`, '', ...rep.constructions.map((c) => `- ${esc(c)}`), '');
  if (rep.materials.length) out.push(`## ${say(msg('Materials'))}`, '', ...rep.materials.map((m) => `- ${esc(m)}`), '');
  if (rep.references.length) {
    out.push(`## ${say(msg('From LCAbyg\'s library (BR18 Tabel 7)'))}`, '');
    for (const ref of rep.references) out.push(`- ${esc(ref.name)} — ${ref.row}, LCAbyg ${ref.id}`);
    out.push('');
  }
  if (rep.refused.length) {
    out.push(`## ${say(msg('Not written'))}`, '');
    for (const n of rep.refused) out.push(`- **${esc(n.item)}**: ${esc(say(n.message))}`);
    out.push('');
  }
  if (rep.notes.length) {
    out.push(`## ${say(msg('Notes'))}`, '');
    for (const n of rep.notes) out.push(`- **${esc(n.item)}**: ${esc(say(n.message))}`);
    out.push('');
  }
  if (r.format === 'lcax') out.push(say(msg('The results are the preview\'s figures (GWP, kg CO₂e per one unit of each construction, B4 with replacements over the period). LCAx\'s own calculation multiplies each EPD by the product\'s quantity and counts no replacements.')), '');
  return out.join('\n');
}
