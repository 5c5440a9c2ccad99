// `*.project.json` files: templates for new projects, pulled base info for updates, and which
// service project (and which version of it) a file was pulled from.
import * as vscode from 'vscode';
import type { ProjectDetail } from '../../client';
import { fileStem } from '../../core/templates/names';

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
}

/** A project-create document that is valid from the start, with values from the enumerations. */
export function newProjectTemplate(choices: NewProjectChoices, now = new Date()): Record<string, unknown> {
  const year = now.getFullYear();
  return {
    projectName: choices.name,
    clientName: '',
    builder: '',
    buildingAddress: { street: '', streetNumber: '', city: '', postalCode: '', country: 'Denmark' },
    type: choices.type,
    stage: choices.stage,
    projectNumber: '',
    emissionMetaData: {
      yearOfCommissioning: year + 2,
      yearOfConstruction: year + 1,
      includedPhases: choices.phases,
      includedPhasesTranslated: choices.phases,
    },
    referencedAreas: { values: {}, basementFloors: 0, floorsAboveGround: 1, areaAboveGround: 0, areaBelowGround: 0 },
    calculationType: { calculationTypeEnum: 0, considerationPeriod: 50, extraThresholds: [], thresholdLimitWithoutExtra: 12 },
    heatArea: { heatedFloorAreaAboveGround: 0, heatedBasementArea: 0 },
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
