// A project's breakdown as an LCAx 3.x project (Export as LCAx… from its dashboard): one assembly per construction
// of the breakdown (its building part › construction), one product per material line — its mapped amount in the
// EPD's declared unit, its service life, the material's EPD (as the service reads it) — and, as `results`, the
// dashboard's own figures of the line per module (kg CO2e/m²/yr) × the reference area × the period, i.e. kg CO2e
// over the building's life. The reference area and period are the project's facts (`projectFacts`), the lines read as
// the BR18 export reads them (facts.ts); nothing is computed again. No vscode.
import { derivedUuid } from '../../import/builder';
import { msg } from '../../l10n';
import { projectFacts } from '../../lca/projectFacts';
import { decimal, materialLines } from '../br18/facts';
import type { Exporter } from '../frame';
import type { ProjectWithDashboard } from '../project';
import { exchangeMaterialOf } from './material';
import { epdOfMaterial, lcaxProject, LCAX_UNIT } from './lcax';
import { exchangeReport } from './report';
import { emptyReport, type ExchangeReport } from './types';

type Json = Record<string, unknown>;

/** The dashboard's phases → LCAx's life cycle modules. */
const MODULE_OF_PHASE: Readonly<Record<string, string>> = { A1A3: 'a1a3', A4: 'a4', A5: 'a5', B4: 'b4', B6: 'b6', C3: 'c3', C4: 'c4', D: 'd' };

function resultsOf(perPhase: Record<string, unknown> | undefined, factor: number): Json | null {
  if (!perPhase) return null;
  const gwp: Json = {};
  for (const [phase, v] of Object.entries(perPhase)) {
    const module = MODULE_OF_PHASE[phase];
    const n = decimal(v);
    if (module && n !== undefined) gwp[module] = n * factor;
  }
  return { gwp };
}

/** The LCAx project of a project's breakdown, with the report of what it left out. */
export function buildProjectLcax(input: ProjectWithDashboard): { project: Json; report: ExchangeReport } {
  const report = emptyReport();
  const f = projectFacts(input.project, input.rules);
  const area = f.referenceArea ?? 0;
  const factor = area * f.period;
  const name = input.project.projectName ?? input.project.id ?? 'project';
  const byConstruction = new Map<string, Json & { products: Json[] }>();
  const modules = new Set<string>();
  for (const [i, { item, place }] of materialLines(input.dashboard).entries()) {
    const where = [...place.parts, place.construction].filter(Boolean).join(' › ');
    let assembly = byConstruction.get(where);
    if (!assembly) {
      assembly = { type: 'assembly', id: derivedUuid(`${name}|${where}`, 'lca-workbench/lcax/assembly'), name: place.construction || where, description: where, comment: null, quantity: 1, unit: 'pcs', classification: null, products: [], results: null, metaData: null };
      byConstruction.set(where, assembly);
      report.constructions.push(where);
    }
    const record = item.epdId ? input.materials?.get(item.epdId) : undefined;
    const m = record ? exchangeMaterialOf(record, item.epdId!, input.codes) : undefined;
    const epd = m ? epdOfMaterial(m, report) : undefined;
    if (!m || !epd || 'refused' in epd) report.notes.push({ item: `${where} › ${place.material}`, message: m ? msg('its EPD cannot be written in LCAx: the line has its results, no EPD') : msg('the material could not be read: the line has its results, no EPD') });
    else if (!report.materials.includes(m.name)) report.materials.push(m.name);
    const results = resultsOf(item.co2PerPhase, factor);
    for (const k of Object.keys((results?.gwp as Json | undefined) ?? {})) modules.add(k);
    const lifetime = typeof item.lifetime === 'number' && item.lifetime > 0 ? Math.round(item.lifetime) : Math.max(120, f.period);
    assembly.products.push({
      type: 'product',
      id: derivedUuid(`${name}|${where}|${i}`, 'lca-workbench/lcax/product'),
      name: place.material,
      description: null,
      referenceServiceLife: lifetime,
      impactData: epd && !('refused' in epd) ? [epd] : [],
      quantity: decimal(item.mappedMaterialAmount) ?? 0,
      unit: LCAX_UNIT[item.mappedMaterialUnit ?? ''] ?? 'unknown',
      transport: null,
      results,
      metaData: { elements: item.elements ?? null, perSquareMetrePerYear: item.co2PerPhase ?? null },
    });
  }
  const project = lcaxProject({
    id: derivedUuid(input.project.id ?? name, 'lca-workbench/lcax/project'),
    name,
    description: null,
    referenceStudyPeriod: f.period,
    lifeCycleModules: [...modules].sort(),
    impactCategories: ['gwp'],
    assemblies: [...byConstruction.values()],
    results: resultsOf(input.dashboard.emissionPerPhase, factor),
    metaData: { referenceArea: area, period: f.period },
    software: input.software,
  });
  return { project, report };
}

/** A project's breakdown as an LCAx project with its report (Export as LCAx… from the dashboard). */
export const projectLcaxExporter: Exporter<ProjectWithDashboard, ExchangeReport> = {
  id: 'projectLcax',
  ending: '.lcax.json',
  fileType: 'JSON',
  build(input, phrasing, place) {
    const { project, report } = buildProjectLcax(input);
    return {
      content: () => JSON.stringify(project, null, 2) + '\n',
      report: exchangeReport({ format: 'lcax', file: place.name, report }, phrasing),
      data: report,
      ...(report.constructions.length ? {} : { failure: phrasing.say(msg('the project\'s breakdown has no material lines')) }),
    };
  },
};
