// The exports to the tools colleagues use: constructions as an LCAbyg component file and as an LCAx project, each
// with its report. A lazily loaded bundle of its own (dist/exchangeExport.js, esbuild.js LAZY_BUNDLES): pure
// functions that take the constructions, their previews and their materials' documents as arguments.
export type { ExchangeConstruction, ExchangeInput, ExchangeNote, ExchangeReport } from './types';
export { buildLcabygComponents, SECOND_IMPORT } from './lcabyg';
export { buildLcaxProject } from './lcax';
export { exchangeReport, type ExchangeReportInput } from './report';
export { buildProjectLcax, projectLcaxFiles } from './project';

import type { Phrasing } from '../../l10n';
import { buildLcabygComponents } from './lcabyg';
import { buildLcaxProject } from './lcax';
import { exchangeReport } from './report';
import type { ExchangeInput, ExchangeReport } from './types';

/** The ids of the materials a construction document names (its components' epdId). */
export function epdIdsOf(construction: unknown): string[] {
  const list = (construction as { constructionEpds?: { epdId?: unknown }[] } | null)?.constructionEpds;
  return Array.isArray(list) ? list.map((c) => c?.epdId).filter((id): id is string => typeof id === 'string' && id !== '') : [];
}

/** One export as the editor writes it: the file's JSON text, its report in the UI language, and the report's data. */
export function exchangeFiles(
  format: 'lcabyg' | 'lcax',
  input: Omit<ExchangeInput, 'software'> & { version: string },
  name: string,
  file: string,
  phrasing: Phrasing,
): { content: string; reportText: string; report: ExchangeReport; failure?: string } {
  const full = { ...input, software: { name: 'LCA Workbench', version: input.version } };
  const built = format === 'lcabyg' ? buildLcabygComponents(full) : buildLcaxProject(full, { name });
  const content = JSON.stringify('items' in built ? built.items : built.project, null, 2) + '\n';
  const r = built.report;
  // Nothing to write when every construction is refused: the failure names each and why.
  const failure = r.constructions.length ? undefined : r.refused.map((n) => `${n.item}: ${phrasing.say(n.message)}`).join('; ');
  return { content, reportText: exchangeReport({ format, file, report: r, copy: !!input.copy }, phrasing), report: r, failure };
}
