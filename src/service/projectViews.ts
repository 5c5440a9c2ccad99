// How a stored project is shown: the REST detail, the GraphQL row, and the input of the BR18 calculation — its
// areas, period and rules read once, by `projectFacts` (core/lca/projectFacts.ts), with the built-in rule table.
import { PROJECT_ENUMS } from '../core/codes';
import { BR18_RULES, ruleSetById } from '../core/lca/br18Rules';
import type { ProjectCalcInput } from '../core/lca/dashboard';
import { projectFacts, type ProjectFacts, type ProjectSource } from '../core/lca/projectFacts';
import { format } from '../core/l10n';
import type { ElementData, ElementMapping } from '../core/lca/types';
import { roleIn } from './context';
import type { ProjectRow } from './graphql';
import type { JsonObject, Principal, ProjectRec } from './model';
import { toConstructionData, toEpdData } from './records';
import type { Store } from './store';
import { isObject, num, str } from '../core/guards';

/** Labels of `calculationType.calculationTypeEnum` (assumed; the interface gives none): the rule table's rule sets. */
export const CALCULATION_TYPE_LABELS: readonly string[] = BR18_RULES.calculationTypes.map((c) => format(ruleSetById(BR18_RULES, c.ruleSet).label));

const obj = (v: unknown): JsonObject => (isObject(v) ? v : {});

/** The REST detail; `streamName` (an extra field, docs/service-decisions.md) is the linked stream's name, else null. */
export function projectDetail(p: ProjectRec, who: Principal, store: Pick<Store, 'streams'>): JsonObject {
  return {
    ...p.data,
    id: p.id,
    tenantId: p.tenantId,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    deletedBy: p.deletedBy,
    favorite: p.favoriteOf.includes(who.id),
    role: roleIn(p, who) ?? null,
    streamId: p.streamId,
    streamName: (p.streamId && store.streams.get(p.streamId)?.name) || null,
    models: p.models,
    branches: p.branches,
  };
}

/** The facts of a stored project: its areas, period, rules and verdict fields, as every client reads them. */
function factsOf(p: ProjectRec): ProjectFacts {
  return projectFacts(p.data as ProjectSource, BR18_RULES);
}

export function projectRow(p: ProjectRec, who: Principal): ProjectRow {
  const d = p.data;
  const type = num(d.type);
  const stage = num(d.stage);
  const calc = obj(d.calculationType);
  const calcType = num(calc.calculationTypeEnum);
  const address = obj(d.buildingAddress);
  return {
    id: p.id,
    name: String(d.projectName ?? ''),
    role: roleIn(p, who) ?? null,
    bimStreamId: p.streamId,
    area: Math.round((factsOf(p).referenceArea ?? 0) * 100) / 100,
    buildingType: type === undefined ? null : { id: type, label: PROJECT_ENUMS.buildingTypeEnum[type] ?? `Type ${type}` },
    calculation:
      calcType === undefined ? null : { calculationType: { id: calcType, label: CALCULATION_TYPE_LABELS[calcType] ?? `Type ${calcType}` } },
    createdAt: p.createdAt,
    deletedBy: p.deletedBy,
    favorite: p.favoriteOf.includes(who.id),
    location: {
      id: p.id,
      city: str(address.city) ?? null,
      country: str(address.country) ?? null,
      postalCode: str(address.postalCode) ?? null,
      street: str(address.street) ?? null,
      streetNumber: str(address.streetNumber) ?? null,
    },
    memberships: p.memberships.map((m) => ({ role: m.role, userId: m.userId })),
    models: p.models.map((m) => ({ id: m.id, name: m.name })),
    projectStatus: stage === undefined ? null : { id: stage, label: PROJECT_ENUMS.buildingProjectStageEnums[stage] ?? `Stage ${stage}` },
    specialConditionConfig: { enabled: Array.isArray(calc.extraThresholds) && calc.extraThresholds.length > 0 },
    updatedAt: p.updatedAt,
  };
}

export function projectCalcInput(p: ProjectRec, store: Store): ProjectCalcInput {
  const d = p.data;
  const meta = obj(d.emissionMetaData);
  const energy = obj(d.projectEnergyData);
  const operational = obj(energy.operational);
  const mappingOf = (e: ProjectRec['elements'][number]): ElementMapping => {
    if (e.constructionId) {
      const c = store.constructions.get(e.constructionId);
      if (c) return { kind: 'construction', construction: toConstructionData(c) };
    }
    if (e.materialId) {
      const m = store.materials.get(e.materialId);
      if (m) return { kind: 'material', epd: toEpdData(m) };
    }
    return { kind: 'none' };
  };
  const elements: ElementData[] = p.elements.map((e) => ({
    id: e.id,
    modelId: e.modelId,
    name: e.name,
    classification: e.classification,
    quantity: e.quantity,
    unit: e.unit,
    lifetime: e.lifetime ?? null,
    mapping: mappingOf(e),
  }));
  return {
    id: p.id,
    name: String(d.projectName ?? ''),
    facts: factsOf(p),
    includedPhases: Array.isArray(meta.includedPhases) ? meta.includedPhases.filter((x): x is string => typeof x === 'string') : [],
    energy: {
      operationalElectricity: num(operational.electricity) ?? null,
      operationalHeat: num(operational.heat) ?? null,
      exportedElectricity: num(energy.operationExportedElectricity) ?? null,
    },
    heatCarrier: 'districtHeating',
    branches: p.branches,
    models: p.models,
    elements,
  };
}
