// The BR18 documentation workbook ("BR Standard Format", ../shared/docs/formats-out.md §1, as LCAx's br_standard
// reader reads it): sheet "Generel information" (every label the format defines, then labelled rows the format
// predates: the figures per module and the construction process A4 + A5 with its limit under the 2025 rules),
// "Bygningsdele" (one row per material line of the dashboard's breakdown, GWP total per module in kg CO2e/m²/yr
// from column AC) and "Drift" (B6 per energy carrier). What the data does not give is left empty — 0 where readers
// of the format require a number — and listed in `emptied`; nothing is invented.
import { msg } from '../../l10n';
import { CONSERVATORIES_2025 } from '../../lca/br18Rules';
import { num, round, SHEET, text } from './cells';
import { finite, operationalByCarrier, projectFigures, sumPhases, type ProjectFigures } from './facts';
import { partsSheet } from './partsSheet';
import { SUBMISSION_FILE, type SubmissionField } from './submission';
import type { Br18ExportInput, Br18Workbook, Cell, EmptyField, SheetContent, SubmissionFacts } from './types';

/** The format's labels (exact texts: LCAx matches them). */
export const LABEL = {
  typology: 'Bygningstypologi (BBR kode)',
  projectType: 'Projekttype',
  floorsAbove: 'Antal etager over terræn',
  floorsBelow: 'Antal etager under terræn',
  address: 'Bygningens adresse',
  permitDate: 'Dato for ansøgning om byggetilladelse',
  occupancyDate: 'Dato for ansøgning om ibrugtagningstilladelse',
  regulation: 'Gældende bygningsreglement',
  limitNew: 'Gældende grænseværdi for nybyggeri over 1.000 m2',
  limitLowEmission: 'Gældende grænseværdi i lavemissionsklassen',
  total: 'Samlet klimapåvirkning ekskl. evt. tillæg (A1-A3, B4, B6, C3-C4)',
  allowance: 'Tillæg for særlige forhold jf. §298, stk 3-4',
  allModules: 'Samlet klimapåvirkning for alle moduler ekskl. D (A1-3, A4, A5, B1, B2, B3, B4, B5, B6, C1, C2, C3, C4)',
  moduleD: 'Klimapåvirkning for modul D',
  grossArea: 'Etageareal jf. §455',
  basementArea: 'Kælderareal, affaldsrum i terræn og sikringsrum (integrerede) (100% medregnes)',
  staircaseArea: 'Udvendige ramper, trapper, brandtrapper, altaner, altangange og lign (25% medregnes)',
  garageArea: 'Integrerede garager til enfamiliehuse, rækkehuse og lign. (50% medregnes)',
  carportArea: 'Integrerede carporte, udhuse, overdækninger, skure og lign. (25% medregnes)',
  walkOnCeilings: 'Walk-on-ceilings og lign. (25% medregnes)',
  totalArea: 'Samlet areal (A1-A3, B4, C3-C4)',
  exteriorArea: 'Udeareal',
  heatedArea: 'Opvarmet etageareal jf. §256, nr. 3',
  pvArea: 'Areal af integrerede solceller',
  energyClass: 'Den projekterede energiklasse',
  heatingNoModifiers: 'Driftforbrug, varme (uden tillæg)',
  electricityNoModifiers: 'Driftforbrug, el (uden tillæg)',
  heatingWithModifiers: 'Driftforbrug, varme (med tillæg)',
  electricityWithModifiers: 'Driftforbrug, el (med tillæg)',
  electricityProduction: 'Egenproduktion, el',
  bbrOwnership: 'BBR kode for ejerforhold',
  software: 'LCA software',
  version: 'LCA version',
} as const;

/** Labelled rows the format predates (readers that do not know them skip them). */
export const EXTRA_LABEL = {
  constructionProcess: 'Klimapåvirkning fra byggeprocessen (A4-A5)',
  constructionProcessLimit: 'Gældende grænseværdi for byggeprocessen (A4-A5)',
  conservatories: 'Udestuer, inddækkede altaner og lign. (50% medregnes)',
  referenceStudyPeriod: 'Betragtningsperiode',
  module: (m: string) => `Klimapåvirkning for modul ${m === 'A1A3' ? 'A1-A3' : m}`,
} as const;

const PER_M2_YR = 'kg CO2e/m²/år';

/** Referenced-area names of the service (`regerencedAreaTypeEnum`) per row of the format. */
const AREA_GROUPS = {
  staircaseArea: ['Exterior ramps', 'Exterior stairs', 'Exterior fire escapes', 'Exterior balconies', 'Exterior balcony access'],
  garageArea: ['Integrated garages single family houses', 'Integrated garages town houses'],
  carportArea: ['Integrated car ports', 'Integrated out buildings', 'Integrated coverings', 'Integrated sheds'],
  walkOnCeilings: ['Walk on ceilings'],
} as const;
/** The share each of those rows counts, as its label states it (the factors of `regerencedAreaTypeEnum`). */
const AREA_SHARES = { staircaseArea: 0.25, garageArea: 0.5, carportArea: 0.25, walkOnCeilings: 0.25 } as const;

const REGULATION: Record<string, string> = {
  'br18-2023': 'BR18 (2023)',
  'br18-2025': 'BR18 (2025)',
  'lowEmission-2023': 'BR18, frivillig lavemissionsklasse (2023)',
  'lowEmission-2025': 'BR18, frivillig lavemissionsklasse (2025)',
  reductionRoadmap: 'Reduktionskøreplan',
};

/** The workbook of a project's BR18 documentation. */
export function buildBr18Workbook(input: Br18ExportInput): Br18Workbook {
  const f = projectFigures(input);
  const emptied: EmptyField[] = [];
  const sheets = [generalSheet(input, f, emptied), partsSheet(input, f, emptied), operationSheet(input, f, emptied)];
  return { sheets, emptied };
}

type Why = ReturnType<typeof msg>;

/** The rows of the Generel information sheet and the ways a labelled row goes into it (empty ones recorded). */
function generalRows(emptied: EmptyField[], given: SubmissionFacts | undefined) {
  const rows: Cell[][] = [];
  const row = (label: string, value: Cell, unit?: string): void => {
    rows.push([{ text: label }, value, ...(unit ? [{ text: unit }] : [])]);
  };
  /** A label without data: empty, or 0 where readers need a number. */
  const none = (label: string, why: Why, zero = false, unit?: string): void => {
    row(label, zero ? { number: 0 } : null, unit);
    emptied.push({ sheet: SHEET.general, label, why, ...(zero ? { zero } : {}) });
  };
  const known = (label: string, value: number | undefined, why: Why, zero: boolean, unit?: string): void => {
    if (value === undefined) none(label, why, zero, unit);
    else row(label, num(value), unit);
  };
  /** What the project data cannot give: the submission details asked for once (lca-submission.json), else empty. */
  const asked = (field: SubmissionField, label: string, why: Why, value: (v: string) => Cell = (v) => ({ text: v })): void => {
    const v = given?.[field];
    if (v) row(label, value(v));
    else none(label, given ? msg('{0}; not given when asked ({1})', why, SUBMISSION_FILE) : msg('{0}; not asked yet ({1})', why, SUBMISSION_FILE));
  };
  return { rows, row, none, known, asked };
}
type GeneralRows = ReturnType<typeof generalRows>;

function generalSheet(input: Br18ExportInput, f: ProjectFigures, emptied: EmptyField[]): SheetContent {
  const w = generalRows(emptied, input.facts);
  w.rows.push([{ text: SHEET.general }], [text(input.project.projectName)], []);
  buildingRows(w, input.project);
  climateRows(w, input.project, f);
  areaRows(w, f);
  energyRows(w, f);
  w.asked('bbrOwnershipCode', LABEL.bbrOwnership, msg('the project has no BBR ownership code'));
  w.row(LABEL.software, { text: input.software.name });
  w.row(LABEL.version, { text: input.software.version });
  beyondFormatRows(w, f);
  return { name: SHEET.general, rows: w.rows, widths: [70, 40, 16] };
}

/** "Street 12, 8000 Aarhus", or empty. */
function addressOf(p: Br18ExportInput['project']): string {
  const a = p.buildingAddress ?? {};
  const street = [a.street, a.streetNumber].filter(Boolean).join(' ');
  const city = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean).join(', ');
}

/** The building and its application: typology, project type, floors, address and the permit dates. */
function buildingRows(w: GeneralRows, p: Br18ExportInput['project']): void {
  const areas = p.referencedAreas ?? {};
  const date = (v: string): Cell => ({ date: new Date(`${v}T00:00:00Z`) });
  w.asked('bbrUseCode', LABEL.typology, msg('the project has no BBR use code (only the service\'s building type)'));
  w.asked('projectType', LABEL.projectType, msg('the project does not say whether it is new construction, an extension or a renovation'));
  w.known(LABEL.floorsAbove, finite(areas.floorsAboveGround), msg('the project gives no number of floors above ground'), true);
  w.known(LABEL.floorsBelow, finite(areas.basementFloors), msg('the project gives no number of floors below ground'), true);
  const address = addressOf(p);
  if (address) w.row(LABEL.address, { text: address });
  else w.none(LABEL.address, msg('the project has no address'));
  w.asked('permitApplicationDate', LABEL.permitDate, msg('the project has no building permit application date'), date);
  w.asked('occupancyApplicationDate', LABEL.occupancyDate, msg('the project has no occupancy permit application date'), date);
}

/** The regulation, its limit (new building or low-emission class) and the building's climate impact. */
function climateRows(w: GeneralRows, p: Br18ExportInput['project'], f: ProjectFigures): void {
  const building = f.verdict.kind === 'verdict' ? f.verdict.building : undefined;
  const lowEmission = f.ruleSet?.id.startsWith('lowEmission') ?? false;
  const limit = building ? round(building.limit - f.extraAllowances, 6) : finite(p.calculationType?.thresholdLimitWithoutExtra);
  if (f.ruleSet) w.row(LABEL.regulation, { text: REGULATION[f.ruleSet.id] ?? f.ruleSet.id });
  else w.none(LABEL.regulation, msg('the project\'s calculation type is not in the BR18 rule table'));
  if (lowEmission) w.none(LABEL.limitNew, msg('the project is judged by the low-emission class; its limit is in the low-emission row'), true, PER_M2_YR);
  else w.known(LABEL.limitNew, limit, msg('no limit applies to the project and it states none'), true, PER_M2_YR);
  if (lowEmission) w.known(LABEL.limitLowEmission, limit, msg('no limit applies to the project and it states none'), true, PER_M2_YR);
  else w.none(LABEL.limitLowEmission, msg('not applicable: the project is not in the low-emission class'), true, PER_M2_YR);
  const buildingModules = building?.modules ?? ['A1A3', 'B4', 'B6', 'C3', 'C4'];
  w.row(LABEL.total, num(round(sumPhases(f.perPhase, buildingModules))), PER_M2_YR);
  w.row(LABEL.allowance, num(round(f.extraAllowances, 6)), PER_M2_YR);
  w.row(LABEL.allModules, num(round(sumPhases(f.perPhase, Object.keys(f.perPhase).filter((k) => k !== 'D')))), PER_M2_YR);
  w.known(LABEL.moduleD, f.perPhase.D === undefined ? undefined : round(f.perPhase.D), msg('module D was not among the dashboard\'s stages'), true, PER_M2_YR);
}

/** A row of the reference area: the format's label, its area in m² (undefined: none given) and the share it counts. */
export interface AreaRow {
  label: string;
  area: number | undefined;
  share: number;
}

/**
 * The workbook's area rows, which partition the reference area (lca-method.md: A_ref = heated floor area above ground
 * + heated basement + Σ factor · referenced area): each holds only what its label says — the §455 row the floor area
 * above ground, the basement in its own 100 % row, each referenced area in the row of its share — so that the rows
 * times their shares add up to "Samlet areal". A referenced area the rule set does not count is in no row.
 */
export function referenceAreaRows(f: Pick<ProjectFigures, 'heatedAboveGround' | 'heatedBasement' | 'referenced' | 'factors'>): AreaRow[] {
  const counted = (names: readonly string[]): number => names.reduce((s, n) => s + (f.referenced[n] !== undefined && f.factors[n] !== undefined ? f.referenced[n] : 0), 0);
  const rows: AreaRow[] = [
    { label: LABEL.grossArea, area: f.heatedAboveGround, share: 1 },
    { label: LABEL.basementArea, area: f.heatedBasement, share: 1 },
    ...(['staircaseArea', 'garageArea', 'carportArea', 'walkOnCeilings'] as const).map((key) => ({ label: LABEL[key], area: counted(AREA_GROUPS[key]), share: AREA_SHARES[key] })),
  ];
  if (f.referenced[CONSERVATORIES_2025] !== undefined && f.factors[CONSERVATORIES_2025] !== undefined) {
    rows.push({ label: EXTRA_LABEL.conservatories, area: f.referenced[CONSERVATORIES_2025], share: f.factors[CONSERVATORIES_2025] });
  }
  return rows;
}

/** The areas: the rows of the reference area (`referenceAreaRows`), the reference area itself, the heated area. */
function areaRows(w: GeneralRows, f: ProjectFigures): void {
  const [above, basement, ...referenced] = referenceAreaRows(f);
  w.known(above.label, above.area, msg('the project gives no heated floor area above ground'), true, 'm²');
  w.known(basement.label, basement.area, msg('the project gives no heated basement area'), false, 'm²');
  for (const r of referenced) w.row(r.label, num(r.area ?? 0), 'm²');
  w.known(LABEL.totalArea, f.referenceArea, msg('the project gives no heated floor area'), true, 'm²');
  w.none(LABEL.exteriorArea, msg('the project gives no outdoor area'), false);
  w.known(LABEL.heatedArea, f.heatedArea > 0 ? f.heatedArea : undefined, msg('the project gives no heated floor area'), true, 'm²');
  w.none(LABEL.pvArea, msg('the project gives no area of integrated solar cells'));
}

/** The energy: class, operational use per heated m² (without the frame's allowances only) and own production. */
function energyRows(w: GeneralRows, f: ProjectFigures): void {
  w.none(LABEL.energyClass, msg('the project gives no energy class'));
  const perHeated = (kwh: number | undefined): number | undefined => (kwh !== undefined && f.heatedArea > 0 ? round(kwh / f.heatedArea, 4) : undefined);
  w.known(LABEL.heatingNoModifiers, perHeated(f.heat), msg('the project gives no operational heat use (or no heated area to relate it to)'), true, 'kWh/m²/år');
  w.known(LABEL.electricityNoModifiers, perHeated(f.electricity), msg('the project gives no operational electricity use (or no heated area to relate it to)'), true, 'kWh/m²/år');
  w.none(LABEL.heatingWithModifiers, msg('the project gives the energy use without the energy frame\'s allowances only'));
  w.none(LABEL.electricityWithModifiers, msg('the project gives the energy use without the energy frame\'s allowances only'));
  w.none(LABEL.electricityProduction, msg('the project gives exported electricity, not its own production'));
}

/** Beyond the format: the period, the figures per module, and the construction process under the 2025 rules. */
function beyondFormatRows(w: GeneralRows, f: ProjectFigures): void {
  const cp = f.verdict.kind === 'verdict' ? f.verdict.constructionProcess : undefined;
  w.rows.push([]);
  w.row(EXTRA_LABEL.referenceStudyPeriod, num(f.period), 'år');
  for (const phase of Object.keys(f.perPhase)) if (phase !== 'D') w.row(EXTRA_LABEL.module(phase), num(round(f.perPhase[phase])), PER_M2_YR);
  if (cp) {
    w.row(EXTRA_LABEL.constructionProcess, num(round(cp.exact)), PER_M2_YR);
    w.row(EXTRA_LABEL.constructionProcessLimit, num(cp.limit), PER_M2_YR);
  }
}

const CARRIER_DA = { electricity: 'El', districtHeating: 'Fjernvarme', naturalGas: 'Ledningsgas' } as const;

function operationSheet(input: Br18ExportInput, f: ProjectFigures, emptied: EmptyField[]): SheetContent {
  const rows: Cell[][] = [
    [{ text: SHEET.operation }],
    ['Navn', 'Kategori', 'Type', 'Produkt', 'Medregnet', 'Mængde', 'Enhed', '', 'Link', 'EPD-nummer', 'Udløbsdato', 'Standard', '', 'GWP B6 (kg CO2e/m²/år)'].map(text),
  ];
  const parts = operationalByCarrier(f);
  if (!parts) {
    if (f.perPhase.B6 !== undefined && f.perPhase.B6 !== 0) {
      emptied.push({ sheet: SHEET.operation, label: 'B6', why: msg('the project gives no operational energy or first year to divide B6 by carrier; B6 is in Generel information only') });
    }
    return { name: SHEET.operation, rows };
  }
  if (!f.heatCarrier && parts.some((p) => p.carrier !== 'electricity')) {
    emptied.push({ sheet: SHEET.operation, label: 'Produkt', why: msg('the project names no heat supply: district heating written, as the dashboard counts it'), assumed: true });
  }
  for (const p of parts) {
    const name = p.carrier === 'electricity' ? 'Elforbrug' : 'Varmeforbrug';
    rows.push([
      { text: name }, { text: 'Drift' }, { text: 'Energi' }, { text: CARRIER_DA[p.carrier] }, { text: 'Ja' },
      num(p.kwhPerYear), { text: 'kWh/år' }, null, null, null, null, null, null, num(round(p.perM2)),
    ]);
  }
  return { name: SHEET.operation, rows, widths: [16, 12, 10, 14, 10, 12, 10] };
}
