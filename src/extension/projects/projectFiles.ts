// `*.project.json` files: templates for new projects, pulled base info for updates, and which
// service project (and which version of it) a file was pulled from.
import * as vscode from 'vscode';
import type { ProjectDetail } from '../../client';
import { fileStem } from '../../core/templates/names';
import type { CodeTable } from '../../core/codeTable';
import { categoryOfBuildingType, proposedLimits, ruleSetOfCalculationType, type Br18Rules } from '../../core/lca/br18Rules';
import { DEFAULT_PERIOD_YEARS } from '../../core/lca/period';

export const UPDATE_FIELDS = [
  'projectName', 'clientName', 'builder', 'buildingAddress', 'type', 'stage', 'projectNumber', 'bimConfiguration',
] as const;

export interface PulledProject {
  projectId: string;
  /** The project's updatedAt when the file was pulled or last pushed. */
  updatedAt: string | undefined;
  name: string;
}

const STATE_KEY = 'lca.pulledProjects';

/** Remembers which project each file belongs to (workspace state, keyed by file URI). */
export class PulledProjects {
  constructor(private readonly state: vscode.Memento) {}

  get(uri: vscode.Uri): PulledProject | undefined {
    return this.state.get<Record<string, PulledProject>>(STATE_KEY, {})[uri.toString()];
  }

  async set(uri: vscode.Uri, value: PulledProject): Promise<void> {
    const all = { ...this.state.get<Record<string, PulledProject>>(STATE_KEY, {}) };
    all[uri.toString()] = value;
    await this.state.update(STATE_KEY, all);
  }
}

export function baseInfoOf(project: ProjectDetail): Record<string, unknown> {
  const source = project as unknown as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const key of UPDATE_FIELDS) if (source[key] !== undefined && source[key] !== null) body[key] = source[key];
  return body;
}

export function slug(name: string): string {
  return fileStem(name, 'project');
}

export interface NewProjectChoices {
  name: string;
  type: number;
  stage: number;
  phases: string[];
  /** What a BR18 calculation needs (the wizard asks; defaults below when absent). Heated floor area above ground, m². */
  heatedFloorAreaAboveGround?: number;
  /** Floors above ground (default 1). */
  floorsAboveGround?: number;
  /** Heated basement area, m² (default 0). */
  heatedBasementArea?: number;
  /** Referenced areas by `regerencedAreaTypeEnum` name, m² (weighted by the enumeration's factors); default none. */
  referencedAreas?: Record<string, number>;
  /** Years (default DEFAULT_PERIOD_YEARS, BR18's reference period). */
  considerationPeriod?: number;
  /** `calculationTypeEnum` (default 0, BR18 2023). */
  calculationType?: number;
  /** kg CO2e/m²/yr (default: what the environment's BR18 table proposes for the rules, building type and heated area). */
  limit?: number;
  /** The rules set no building limit (an LCA only): no `thresholdLimitWithoutExtra` is written. */
  noLimit?: boolean;
  /** Default: two years from now. */
  yearOfCommissioning?: number;
}

/**
 * A project-create document that is valid from the start, with values from the enumerations. `rules`: the active
 * environment's BR18 table (its `br18` override applied), which proposes the limit when the choices give none.
 */
export function newProjectTemplate(choices: NewProjectChoices, codes: CodeTable, rules: Br18Rules, now = new Date()): Record<string, unknown> {
  const year = now.getFullYear();
  const calculationType = choices.calculationType ?? 0;
  const commissioning = choices.yearOfCommissioning ?? year + 2;
  const heated = (choices.heatedFloorAreaAboveGround ?? 0) + (choices.heatedBasementArea ?? 0);
  const ruleSet = ruleSetOfCalculationType(rules, calculationType);
  const proposed = ruleSet && proposedLimits(rules, ruleSet.id, categoryOfBuildingType(codes, choices.type) ?? 'other', heated)?.building;
  const limit = choices.noLimit ? undefined : (choices.limit ?? proposed ?? undefined);
  return {
    projectName: choices.name,
    clientName: '',
    builder: '',
    buildingAddress: { street: '', streetNumber: '', city: '', postalCode: '', country: 'Denmark' },
    type: choices.type,
    stage: choices.stage,
    projectNumber: '',
    emissionMetaData: {
      yearOfCommissioning: commissioning,
      yearOfConstruction: Math.min(year + 1, commissioning),
      includedPhases: choices.phases,
      includedPhasesTranslated: choices.phases,
    },
    referencedAreas: {
      values: { ...(choices.referencedAreas ?? {}) },
      basementFloors: (choices.heatedBasementArea ?? 0) > 0 ? 1 : 0,
      floorsAboveGround: choices.floorsAboveGround ?? 1,
      areaAboveGround: choices.heatedFloorAreaAboveGround ?? 0,
      areaBelowGround: choices.heatedBasementArea ?? 0,
    },
    calculationType: {
      calculationTypeEnum: calculationType,
      considerationPeriod: choices.considerationPeriod ?? DEFAULT_PERIOD_YEARS,
      extraThresholds: [],
      ...(limit !== undefined ? { thresholdLimitWithoutExtra: limit } : {}),
    },
    heatArea: { heatedFloorAreaAboveGround: choices.heatedFloorAreaAboveGround ?? 0, heatedBasementArea: choices.heatedBasementArea ?? 0 },
    wastagePercentage: 0,
    projectEnergyData: {
      constructional: { electricity: null, earthMoved: null, heat: null, machineryFuel: null },
      operational: { electricity: null, heat: null },
      operationExportedElectricity: null,
      validatedBy: '',
      validationDate: now.toISOString().slice(0, 10),
    },
    transportTypes: [],
    branches: [],
    bimConfiguration: { parameters: { classificationCode: '', classificationTypeId: '00000000-0000-0000-0000-000000000000' } },
  };
}

/** Field-by-field differences between two base-info bodies, for the confirmation message. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => k !== '$schema' && JSON.stringify(before[k]) !== JSON.stringify(after[k])).sort();
}

/** JSON equality regardless of key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
}

/**
 * Top-level fields of a project file that differ from the service's project but that the base-info update cannot
 * carry (the service offers no endpoint to change them), sorted. Fields absent from the file or from the service's
 * answer (which then gives no way to tell) are not compared.
 */
export function uncarriedChanges(file: Record<string, unknown>, service: Record<string, unknown>): string[] {
  const updatable = new Set<string>(UPDATE_FIELDS);
  return Object.keys(file)
    .filter((k) => k !== '$schema' && !updatable.has(k) && file[k] !== undefined && service[k] !== undefined && !sameJson(file[k], service[k]))
    .sort();
}
