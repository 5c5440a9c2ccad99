// The dashboard's What if…: the material behind a hot spot (found among the materials of the project's constructions
// on the service and the workspace's materials), what could take its place (the alternatives' candidates, as the
// agents' and the editor's alternatives gather them) each with its effect on the building, and the largest single
// changes available over the hot spots. The dashboard panel calls these through the lazily loaded tools bundle.
import type { BreakdownNode, Dashboard } from '../api/types';
import {
  alternativesForMaterial,
  buildingEffect,
  isBuildingProblem,
  isProblem,
  largestChanges,
  type Alternative,
  type BuildingBasis,
  type BuildingEffect,
  type CandidateMaterial,
  type SingleChange,
} from '../alternatives';
import { epdDataOf } from '../lca/epd';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import { MaterialIndex } from './materials';
import type { ToolContext } from './types';

/** The materials a dashboard's What if… can work with. */
export interface WhatIfMaterials {
  /** Material name (as the hot spots and the breakdown name it) → its EPD. */
  byName: Map<string, EpdData>;
  candidates: CandidateMaterial[];
}

const leaves = (nodes: readonly BreakdownNode[] | undefined): BreakdownNode[] =>
  (nodes ?? []).flatMap((n) => (Array.isArray(n.children) && n.children.length ? leaves(n.children) : [n]));

/** Reads the materials of the dashboard's constructions (when signed in) and the workspace's, by name. */
export async function whatIfMaterials(ctx: ToolContext, dashboard: Dashboard): Promise<WhatIfMaterials> {
  const index = await MaterialIndex.load(ctx);
  const byName = new Map<string, EpdData>();
  const ids = [...new Set(leaves(dashboard.projectBreakdown).map((l) => l.constructionId).filter((id): id is string => typeof id === 'string' && id !== ''))];
  const service = ctx.service;
  const seen = new Set(index.candidates.map((c) => c.epd.id).filter(Boolean));
  if (service?.getConstruction) {
    for (const id of ids.slice(0, 200)) {
      const construction = await service.getConstruction(id).catch(() => undefined);
      for (const component of construction?.constructionEpds ?? []) {
        const read = component.epd;
        if (!read?.id) continue;
        const epd = epdDataOf(read, ctx.codes, read.id);
        if (!byName.has(epd.name)) byName.set(epd.name, epd);
        if (!seen.has(epd.id)) {
          seen.add(epd.id);
          index.candidates.push({ epd, source: 'service' });
        }
      }
    }
  }
  for (const c of index.candidates) if (c.epd.name && !byName.has(c.epd.name)) byName.set(c.epd.name, c.epd);
  return { byName, candidates: index.candidates };
}

/** One candidate of the What if… with its effect on the building, or why it cannot be had. */
export interface WhatIfOption {
  alternative: Alternative;
  epd: EpdData;
  effect: BuildingEffect | { problem: Msg };
}

function epdOf(a: Alternative, candidates: readonly CandidateMaterial[]): EpdData | undefined {
  return candidates.find((c) => c.source === a.source && c.epd.id === a.id && c.epd.name === a.name)?.epd;
}

/**
 * The candidates for `material` with their effect on the building, the largest reduction of the judged figure first
 * (those that cannot be had after, with the reason); or why none can be looked for.
 */
export function whatIfOptions(
  basis: BuildingBasis,
  materials: WhatIfMaterials,
  material: string,
  period: number,
  construction?: string,
  limit = 30,
): { current: EpdData; options: WhatIfOption[]; notComparable: number } | { problem: Msg } {
  const current = materials.byName.get(material);
  if (!current) return { problem: msg('the EPD of {0} is not known: it is neither in the workspace nor in a construction of the project read from the service', material) };
  const ranked = alternativesForMaterial(current, materials.candidates, { codes: basis.codes, period, onlyLower: false, limit: 200 });
  if (isProblem(ranked)) return { problem: ranked.problem };
  const options: WhatIfOption[] = [];
  for (const alternative of ranked.alternatives) {
    const epd = epdOf(alternative, materials.candidates);
    if (!epd) continue;
    options.push({ alternative, epd, effect: buildingEffect(basis, { current, replacement: epd, ...(construction !== undefined ? { construction } : {}) }) });
  }
  const key = (o: WhatIfOption): number => (isBuildingProblem(o.effect) ? Number.POSITIVE_INFINITY : o.effect.change);
  options.sort((a, b) => key(a) - key(b) || a.alternative.name.localeCompare(b.alternative.name));
  return { current, options: options.slice(0, limit), notComparable: ranked.counts.notComparable };
}

/** The three largest single changes over the dashboard's hot spots: the best candidate per hot spot. */
export function whatIfLargest(basis: BuildingBasis, materials: WhatIfMaterials, period: number, limit = 3): SingleChange[] {
  const options = Object.keys(basis.dashboard.hotSpot ?? {}).flatMap((name) => {
    const current = materials.byName.get(name);
    if (!current) return [];
    const ranked = alternativesForMaterial(current, materials.candidates, { codes: basis.codes, period, onlyLower: false, limit: 200 });
    if (isProblem(ranked)) return [];
    const candidates = ranked.alternatives.map((a) => epdOf(a, materials.candidates)).filter((e): e is EpdData => e !== undefined);
    return [{ current, candidates }];
  });
  return largestChanges(basis, options, limit);
}
