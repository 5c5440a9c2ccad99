// The LCAbyg component file and the LCAx project of constructions as exporters of the frame (../frame.ts), and their
// input read once for the editor and the tools: the construction files' values, their materials made known, each
// previewed over its own period by the caller's preview (the editor's catalog, the tools' workspace index).
import { epdIdsOf, type ConstructionPreview } from '../../preview';
import type { CodeTable } from '../../codeTable';
import { softwareOf, type Exporter } from '../frame';
import { buildLcabygComponents } from './lcabyg';
import { buildLcaxProject } from './lcax';
import { exchangeReport } from './report';
import type { ExchangeInput, ExchangeReport } from './types';

/** What the exporters of constructions take: the constructions with their previews and materials, the LCAx project's name. */
export type ConstructionsExport = ExchangeInput & { name: string };

/** A construction file as read: its name as the user sees it, its value, and its reference period (its project's). */
export interface ConstructionFile {
  file: string;
  value: unknown;
  period: number;
}

/**
 * The materials as the caller knows them: made known (looked up where not yet), a construction's impact preview over a
 * period (src/core/preview, with the caller's resolver), a material's document by the id a component names it by.
 */
interface ExchangeMaterials {
  ensure(ids: readonly string[]): Promise<void>;
  preview(value: unknown, period: number): ConstructionPreview;
  record(id: string): unknown;
  codes: CodeTable;
}

/** The input of an export of construction files. */
export async function readConstructions(files: readonly ConstructionFile[], materials: ExchangeMaterials, o: { name: string; version: string; copy?: string }): Promise<ConstructionsExport> {
  await materials.ensure([...new Set(files.flatMap((f) => epdIdsOf(f.value)))]);
  const constructions = files.map((f) => ({ file: f.file, value: f.value, preview: materials.preview(f.value, f.period) }));
  return { constructions, material: (id) => materials.record(id), codes: materials.codes, software: softwareOf(o.version), name: o.name, ...(o.copy ? { copy: o.copy } : {}) };
}

function constructionsExporter(format: 'lcabyg' | 'lcax'): Exporter<ConstructionsExport, ExchangeReport> {
  return {
    id: format,
    ending: `.${format}.json`,
    fileType: 'JSON',
    build(input, phrasing, place) {
      const built = format === 'lcabyg' ? buildLcabygComponents(input) : buildLcaxProject(input, { name: input.name });
      const content = JSON.stringify('items' in built ? built.items : built.project, null, 2) + '\n';
      const r = built.report;
      return {
        content: () => content,
        report: exchangeReport({ format, file: place.name, report: r, copy: !!input.copy }, phrasing),
        data: r,
        // Nothing to write when every construction is refused: the failure names each and why.
        ...(r.constructions.length ? {} : { failure: r.refused.map((n) => `${n.item}: ${phrasing.say(n.message)}`).join('; ') }),
      };
    },
  };
}

export const lcabygExporter = constructionsExporter('lcabyg');
export const lcaxExporter = constructionsExporter('lcax');
