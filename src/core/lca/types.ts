// Shapes the LCA calculations read: EPD results, constructions, project elements and project settings.
// They are plain data, so the local service and the extension's live preview can feed them alike.
import type { ComponentQuantity } from '../units';
import type { DeclaredUnitInfo } from '../units';

/** One indicator of one module; `type` is the numeric indicator type of src/core/codes.ts. */
export interface IndicatorResult {
  type: number;
  unit: string;
  value: number;
  originalIdentifier?: string;
}

export interface ModuleResult {
  moduleTypeEnum: number;
  moduleStatusEnum: number;
  indicators: IndicatorResult[];
}

/** An EPD material as the calculations need it. Results are for `declaredUnit.declaredValue` declared units. */
export interface EpdData {
  id: string;
  name: string;
  declaredUnit: DeclaredUnitInfo;
  lciaResults: readonly ModuleResult[];
  expectedLifespan?: number | null;
  /** `epdInfo.epdProductIndustryType`: 0 Generic, 1 Industry, 2 Product. */
  epdType?: number;
  /** `epdInfo.link`, shown as the breakdown's `epdSource`. */
  link?: string;
  /** The material's `tags` (its family may be set or classified there: core/families.ts). */
  tags?: readonly string[];
  /** Its names in other languages (`nameMultiLang`), besides `name`. */
  names?: readonly string[];
}

export interface ConstructionComponent {
  epd: EpdData;
  quantity: ComponentQuantity;
  expectedLifespan?: number | null;
}

/** A construction: its components' amounts are for `declaredUnit.declaredValue` declared units of it. */
export interface ConstructionData {
  id: string;
  name: string;
  declaredUnit: DeclaredUnitInfo;
  expectedLifespan?: number | null;
  components: readonly ConstructionComponent[];
}

/** One classification level of an element, e.g. {code: "(21)", name: "Outer walls"}. */
export interface ClassificationLevel {
  code: string;
  name: string;
}

export type ElementMapping =
  | { kind: 'material'; epd: EpdData }
  | { kind: 'construction'; construction: ConstructionData }
  | { kind: 'none' };

export interface ElementData {
  id: string;
  modelId: string;
  name: string;
  /** Three levels, coarse to fine. */
  classification: readonly [ClassificationLevel, ClassificationLevel, ClassificationLevel];
  quantity: number;
  /** Unit code of `quantity`. */
  unit: number;
  /** Years; overrides the material's own lifespan for directly mapped materials. */
  lifetime?: number | null;
  mapping: ElementMapping;
}

export interface EnergyData {
  /** kWh per year. */
  operationalElectricity?: number | null;
  operationalHeat?: number | null;
  /** kWh per year sent to the grid: a module D benefit. */
  exportedElectricity?: number | null;
}

export type EnergyCarrier = 'electricity' | 'districtHeating' | 'naturalGas';
