// What the LCAbyg and LCAx export tests share: the sample constructions (samples/outer-wall.construction.json and a
// wall and a frame over the seeded BR18 Tabel 7 materials, src/service/seed/materials.ts), each with the preview core
// computes for it, and the seeded materials' documents as the export looks them up.
import * as fs from 'fs';
import * as path from 'path';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { epdDataOf } from '../../../src/core/lca';
import { previewConstruction, type ConstructionPreview } from '../../../src/core/preview';
import type { ExchangeConstruction } from '../../../src/core/export/exchange';
import { seedMaterials } from '../../../src/service/seed/materials';
import { materialId } from '../../../src/service/seed/ids';
import { REPO_ROOT } from '../../fixtures/paths';
import { SHORT_LIVED_WALL } from '../../fixtures/walls';

export const seededDocs = new Map<string, unknown>(seedMaterials().map((s) => [s.id, s.item]));

/** The preview core computes for a construction over materials given as documents. */
export function previewOf(value: unknown, docs: ReadonlyMap<string, unknown>, period = 50): ConstructionPreview {
  return previewConstruction(value, (id) => (docs.has(id) ? epdDataOf(docs.get(id), ASSUMED_CODES, id) : undefined), ASSUMED_CODES, period);
}

export function exchangeOf(file: string, value: unknown, docs: ReadonlyMap<string, unknown> = seededDocs, period = 50): ExchangeConstruction {
  return { file, value, preview: previewOf(value, docs, period) };
}

/** A wall with short-lived layers (mineral wool 20 years, gypsum 15: replacements within 50 years). */
export const wall = { ...SHORT_LIVED_WALL, name: 'Ydervæg med kortlivede lag', description: 'Outer wall per m²' };

/** A steel and glulam frame per metre: steel declared per 1000 kg, given in kg; glulam in m³. */
export const frame = {
  name: 'Stål- og limtræsramme',
  declaredUnit: { declaredUnit: UNIT.M, declaredValue: 1 },
  constructionEpds: [
    { epdId: materialId('steel-sections'), constructionUnit: { unit: UNIT.KG, amount: 42 } },
    { epdId: materialId('glulam'), expectedLifespan: 60, constructionUnit: { unit: UNIT.M3, amount: 0.035 } },
    { epdId: materialId('aluminium'), constructionUnit: { unit: UNIT.KG, amount: 1.5 } },
  ],
};

export const sampleWall = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', 'outer-wall.construction.json'), 'utf8')) as unknown;

/** The sample constructions, each with its preview. */
export function samples(): ExchangeConstruction[] {
  return [exchangeOf('samples/outer-wall.construction.json', sampleWall), exchangeOf('walls/wall.construction.json', wall), exchangeOf('frames/frame.construction.json', frame)];
}

export const software = { name: 'LCA Workbench', version: '0.0.0-test' };

/** Relative difference (0 when both are 0). */
export const relDiff = (a: number, b: number): number => (a === b ? 0 : Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));
