// The BR18 documentation workbook ("BR Standard Format", ../shared/docs/formats-out.md §1, as LCAx's br_standard
// reader reads it): sheet "Generel information" (every label the format defines, then labelled rows the format
// predates: the figures per module and the construction process A4 + A5 with its limit under the 2025 rules),
// "Bygningsdele" (one row per material line of the dashboard's breakdown, GWP total per module in kg CO2e/m²/yr
// from column AC) and "Drift" (B6 per energy carrier). What the data does not give is left empty — 0 where readers
// of the format require a number — and listed in `emptied`; nothing is invented.
import { msg } from '../../l10n';
import { CONSERVATORIES_2025 } from '../../lca/br18Rules';
import { decimal, finite, materialLines, materialOf, obj, operationalByCarrier, projectFigures, sumPhases, type ProjectFigures } from './facts';
import { indicatorCodesOf, lineIndicators, SHEET_INDICATORS } from './lines';
import { SUBMISSION_FILE, type SubmissionField } from './submission';
import type { Br18ExportInput, Br18Workbook, Cell, EmptyField, SheetContent } from './types';

export const SHEET = { general: 'Generel information', parts: 'Bygningsdele', operation: 'Drift' } as const;

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

/** Indicators (13) and modules (15) of the Bygningsdele sheet from column AC, indicator-major. */
export const INDICATORS = SHEET_INDICATORS.map(([column]) => column);
export const MODULES = ['A1-3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C1', 'C2', 'C3', 'C4', 'D'] as const;
/** Column index (0-based) of the first indicator column: AC. */
export const FIRST_INDICATOR_COLUMN = 28;
/** Our phase code of a module of the sheet. */
const PHASE_OF_MODULE: Partial<Record<(typeof MODULES)[number], string>> = { 'A1-3': 'A1A3', A4: 'A4', A5: 'A5', B4: 'B4', B6: 'B6', C3: 'C3', C4: 'C4', D: 'D' };

const PER_M2_YR = 'kg CO2e/m²/år';
const text = (v: string | undefined): Cell => (v ? { text: v } : null);
const num = (v: number | undefined): Cell => (v === undefined || !Number.isFinite(v) ? null : { number: Number(v.toPrecision(12)) });
const round = (v: number, places = 4): number => Number(v.toFixed(places));

/** Referenced-area names of the service (`regerencedAreaTypeEnum`) per row of the format. */
const AREA_GROUPS = {
  staircaseArea: ['Exterior ramps', 'Exterior stairs', 'Exterior fire escapes', 'Exterior balconies', 'Exterior balcony access'],
  garageArea: ['Integrated garages single family houses', 'Integrated garages town houses'],
  carportArea: ['Integrated car ports', 'Integrated out buildings', 'Integrated coverings', 'Integrated sheds'],
  walkOnCeilings: ['Walk on ceilings'],
} as const;

const REGULATION: Record<string, string> = {
  'br18-2023': 'BR18 (2023)',
  'br18-2025': 'BR18 (2025)',
  'lowEmission-2023': 'BR18, frivillig lavemissionsklasse (2023)',
  'lowEmission-2025': 'BR18, frivillig lavemissionsklasse (2025)',
  reductionRoadmap: 'Reduktionskøreplan',
};

const STANDARD_TEXT = { A1: 'EN 15804+A1', A2: 'EN 15804+A2' } as const;

const EPD_TYPE_DA: Record<string, string> = { Generic: 'Generisk data', Industry: 'Branche-EPD', Product: 'Produkt-EPD' };

/** The workbook of a project's BR18 documentation. */
export function buildBr18Workbook(input: Br18ExportInput): Br18Workbook {
  const f = projectFigures(input);
  const emptied: EmptyField[] = [];
  const sheets = [generalSheet(input, f, emptied), partsSheet(input, f, emptied), operationSheet(input, f, emptied)];
  return { sheets, emptied };
}

function generalSheet(input: Br18ExportInput, f: ProjectFigures, emptied: EmptyField[]): SheetContent {
  const p = input.project;
  const rows: Cell[][] = [[{ text: SHEET.general }], [text(p.projectName)], []];
  const row = (label: string, value: Cell, unit?: string): void => {
    rows.push([{ text: label }, value, ...(unit ? [{ text: unit }] : [])]);
  };
  /** A label without data: empty, or 0 where readers need a number. */
  const none = (label: string, why: ReturnType<typeof msg>, zero = false, unit?: string): void => {
    row(label, zero ? { number: 0 } : null, unit);
    emptied.push({ sheet: SHEET.general, label, why, ...(zero ? { zero } : {}) });
  };
  const known = (label: string, value: number | undefined, why: ReturnType<typeof msg>, zero: boolean, unit?: string): void => {
    if (value === undefined) none(label, why, zero, unit);
    else row(label, num(value), unit);
  };
  const areas = p.referencedAreas ?? {};
  const v = f.verdict;
  const building = v.kind === 'verdict' ? v.building : undefined;
  const cp = v.kind === 'verdict' ? v.constructionProcess : undefined;
  const lowEmission = f.ruleSet?.id.startsWith('lowEmission') ?? false;
  const projectLimit = finite(p.calculationType?.thresholdLimitWithoutExtra);
  const limit = building ? round(building.limit - f.extraAllowances, 6) : projectLimit;

  // What the project data cannot give: the submission details asked for once (lca-submission.json), else empty.
  const given = input.facts;
  const asked = (field: SubmissionField, label: string, why: ReturnType<typeof msg>, value: (v: string) => Cell = (v) => ({ text: v })): void => {
    const v = given?.[field];
    if (v) row(label, value(v));
    else none(label, given ? msg('{0}; not given when asked ({1})', why, SUBMISSION_FILE) : msg('{0}; not asked yet ({1})', why, SUBMISSION_FILE));
  };
  const date = (v: string): Cell => ({ date: new Date(`${v}T00:00:00Z`) });
  asked('bbrUseCode', LABEL.typology, msg('the project has no BBR use code (only the service\'s building type)'));
  asked('projectType', LABEL.projectType, msg('the project does not say whether it is new construction, an extension or a renovation'));
  known(LABEL.floorsAbove, finite(areas.floorsAboveGround), msg('the project gives no number of floors above ground'), true);
  known(LABEL.floorsBelow, finite(areas.basementFloors), msg('the project gives no number of floors below ground'), true);
  const a = p.buildingAddress ?? {};
  const street = [a.street, a.streetNumber].filter(Boolean).join(' ');
  const city = [a.postalCode, a.city].filter(Boolean).join(' ');
  const address = [street, city].filter(Boolean).join(', ');
  if (address) row(LABEL.address, { text: address });
  else none(LABEL.address, msg('the project has no address'));
  asked('permitApplicationDate', LABEL.permitDate, msg('the project has no building permit application date'), date);
  asked('occupancyApplicationDate', LABEL.occupancyDate, msg('the project has no occupancy permit application date'), date);
  if (f.ruleSet) row(LABEL.regulation, { text: REGULATION[f.ruleSet.id] ?? f.ruleSet.id });
  else none(LABEL.regulation, msg('the project\'s calculation type is not in the BR18 rule table'));
  if (lowEmission) none(LABEL.limitNew, msg('the project is judged by the low-emission class; its limit is in the low-emission row'), true, PER_M2_YR);
  else known(LABEL.limitNew, limit, msg('no limit applies to the project and it states none'), true, PER_M2_YR);
  if (lowEmission) known(LABEL.limitLowEmission, limit, msg('no limit applies to the project and it states none'), true, PER_M2_YR);
  else none(LABEL.limitLowEmission, msg('not applicable: the project is not in the low-emission class'), true, PER_M2_YR);
  const buildingModules = building?.modules ?? ['A1A3', 'B4', 'B6', 'C3', 'C4'];
  row(LABEL.total, num(round(sumPhases(f.perPhase, buildingModules))), PER_M2_YR);
  row(LABEL.allowance, num(round(f.extraAllowances, 6)), PER_M2_YR);
  row(LABEL.allModules, num(round(sumPhases(f.perPhase, Object.keys(f.perPhase).filter((k) => k !== 'D')))), PER_M2_YR);
  known(LABEL.moduleD, f.perPhase.D === undefined ? undefined : round(f.perPhase.D), msg('module D was not among the dashboard\'s stages'), true, PER_M2_YR);

  const grossArea = (finite(areas.areaAboveGround) ?? 0) + (finite(areas.areaBelowGround) ?? 0);
  known(LABEL.grossArea, grossArea > 0 ? grossArea : undefined, msg('the project gives no floor area above or below ground'), true, 'm²');
  known(LABEL.basementArea, f.heatedBasement, msg('the project gives no heated basement area'), false, 'm²');
  for (const key of ['staircaseArea', 'garageArea', 'carportArea', 'walkOnCeilings'] as const) {
    const names = AREA_GROUPS[key];
    const present = names.filter((n) => f.referenced[n] !== undefined);
    row(LABEL[key], num(present.reduce((s, n) => s + f.referenced[n], 0)), 'm²');
  }
  const conservatories = f.referenced[CONSERVATORIES_2025];
  if (conservatories !== undefined) row(EXTRA_LABEL.conservatories, num(conservatories), 'm²');
  known(LABEL.totalArea, f.referenceArea, msg('the project gives no heated floor area'), true, 'm²');
  none(LABEL.exteriorArea, msg('the project gives no outdoor area'), false);
  known(LABEL.heatedArea, f.heatedArea > 0 ? f.heatedArea : undefined, msg('the project gives no heated floor area'), true, 'm²');
  none(LABEL.pvArea, msg('the project gives no area of integrated solar cells'));
  none(LABEL.energyClass, msg('the project gives no energy class'));
  const perHeated = (kwh: number | undefined): number | undefined => (kwh !== undefined && f.heatedArea > 0 ? round(kwh / f.heatedArea, 4) : undefined);
  known(LABEL.heatingNoModifiers, perHeated(f.heat), msg('the project gives no operational heat use (or no heated area to relate it to)'), true, 'kWh/m²/år');
  known(LABEL.electricityNoModifiers, perHeated(f.electricity), msg('the project gives no operational electricity use (or no heated area to relate it to)'), true, 'kWh/m²/år');
  none(LABEL.heatingWithModifiers, msg('the project gives the energy use without the energy frame\'s allowances only'));
  none(LABEL.electricityWithModifiers, msg('the project gives the energy use without the energy frame\'s allowances only'));
  none(LABEL.electricityProduction, msg('the project gives exported electricity, not its own production'));
  asked('bbrOwnershipCode', LABEL.bbrOwnership, msg('the project has no BBR ownership code'));
  row(LABEL.software, { text: input.software.name });
  row(LABEL.version, { text: input.software.version });

  // Beyond the format: the figures per module, and the construction process under the 2025 rules.
  rows.push([]);
  row(EXTRA_LABEL.referenceStudyPeriod, num(f.period), 'år');
  for (const phase of Object.keys(f.perPhase)) if (phase !== 'D') row(EXTRA_LABEL.module(phase), num(round(f.perPhase[phase])), PER_M2_YR);
  if (cp) {
    row(EXTRA_LABEL.constructionProcess, num(round(cp.exact)), PER_M2_YR);
    row(EXTRA_LABEL.constructionProcessLimit, num(cp.limit), PER_M2_YR);
  }
  return { name: SHEET.general, rows, widths: [70, 40, 16] };
}

/** Column letters of the Bygningsdele sheet's first 28 columns (A–AB) and their headings. */
const PART_HEADINGS = [
  'Kategori', 'Type', 'Bygningsdel', 'Hovedbygningsdel', 'Underbygningsdel', 'Konstruktion', 'Produkt', 'Medregnet',
  'Genbrugt', 'Bærende', 'Indtastet mængde', 'Indtastet enhed', 'Beregnet mængde', 'Beregnet enhed', 'Referencelevetid (år)',
  'Forsinket start (år)', 'Udskiftninger', 'Vægt', 'Vægtenhed', '', '', '', 'EPD-link', 'EPD-nummer', 'Udløbsdato', 'Standard', '', '',
];

function partsSheet(input: Br18ExportInput, f: ProjectFigures, emptied: EmptyField[]): SheetContent {
  const heading: Cell[] = PART_HEADINGS.map((h) => text(h));
  const groups: Cell[] = new Array<Cell>(FIRST_INDICATOR_COLUMN).fill(null);
  for (const [ind, name] of SHEET_INDICATORS) {
    heading.push(...MODULES.map((m) => text(m)));
    const unit = ind.startsWith('GWP') ? 'kg CO2e' : (input.codes.indicatorByName(name)?.unit ?? name);
    groups.push({ text: `${ind} (${unit}/m²/år)` }, ...new Array<Cell>(MODULES.length - 1).fill(null));
  }
  const rows: Cell[][] = [[{ text: SHEET.parts }], [text(input.project.projectName)], groups, heading];
  const lines = materialLines(input.dashboard);
  const basis = { area: f.referenceArea, period: f.period, wastagePercentage: f.wastagePercentage, codes: input.codes, indicators: indicatorCodesOf(input.codes), epds: new Map() };
  let noPerPhase = 0;
  let noMaterial = 0;
  const standards = new Set<string>();
  /** Per indicator of the sheet: how many lines have a figure of it. */
  const withFigures = SHEET_INDICATORS.map(() => 0);
  for (const { item, place } of lines) {
    const material = materialOf(input, item.epdId);
    if (!material) noMaterial++;
    const info = obj(obj(material).epdInfo);
    const lifetime = finite(item.lifetime);
    const validTo = typeof info.validTo === 'string' && !Number.isNaN(Date.parse(info.validTo)) ? new Date(info.validTo) : undefined;
    const calculatedUnit = item.calculatedUnit ?? '';
    const figures = lineIndicators(item, material, basis);
    if (figures.standard) standards.add(figures.standard);
    const r: Cell[] = [
      text(item.source),
      { text: EPD_TYPE_DA[item.type ?? ''] ?? item.type ?? 'Generisk data' },
      text(place.parts[0]),
      text(place.parts[1]),
      text(place.parts[2]),
      text(place.construction),
      text(place.material),
      { text: 'Ja' },
      null,
      null,
      num(decimal(item.quantity)),
      text(item.unit),
      num(decimal(item.calculatedAmount)),
      text(calculatedUnit),
      num(lifetime),
      null,
      lifetime !== undefined && lifetime > 0 ? { number: figures.replacements } : null,
      /^kg$/i.test(calculatedUnit) ? num(decimal(item.calculatedAmount)) : null,
      /^kg$/i.test(calculatedUnit) ? { text: 'kg' } : null,
      null,
      null,
      null,
      text(item.epdSource || (typeof info.link === 'string' ? info.link : undefined)),
      text(typeof info.declarationNumber === 'string' ? info.declarationNumber : undefined),
      validTo ? { date: validTo } : null,
      figures.standard ? { text: STANDARD_TEXT[figures.standard] } : null,
      null,
      null,
    ];
    const perPhase = item.co2PerPhase;
    if (!perPhase) noPerPhase++;
    // GWP total per module: the dashboard line's own figures.
    for (const m of MODULES) {
      const phase = PHASE_OF_MODULE[m];
      const v = phase && perPhase ? decimal(perPhase[phase]) : undefined;
      r.push(num(v));
    }
    // The other indicators: the line formula over the material's EPD, for the modules the dashboard reports.
    for (let i = 1; i < SHEET_INDICATORS.length; i++) {
      const byModule = figures.figures.get(SHEET_INDICATORS[i][1]);
      if (byModule) withFigures[i]++;
      for (const m of MODULES) {
        const phase = PHASE_OF_MODULE[m];
        const reported = phase !== undefined && (perPhase ? phase in perPhase : input.stages.includes(phase));
        const v = reported && byModule ? byModule[phase as keyof typeof byModule] : undefined;
        r.push(v === undefined ? null : num(v));
      }
    }
    rows.push(r);
  }
  // Module D of exported electricity is the building's, in no material line: a row of its own, so that the sheet's
  // D adds up to the dashboard's (the rest of D once the lines' are counted, when the project exports electricity).
  const exported = finite(obj(input.project.projectEnergyData).operationExportedElectricity);
  if (exported !== undefined && exported > 0 && f.perPhase.D !== undefined && noPerPhase === 0) {
    const linesD = lines.reduce((s, l) => s + (decimal(l.item.co2PerPhase?.D) ?? 0), 0);
    const rest = round(f.perPhase.D - linesD);
    if (rest !== 0) {
      const r: Cell[] = [{ text: 'Drift' }, { text: 'Energi' }, null, null, null, { text: 'Eksporteret el' }, { text: 'El' }, { text: 'Ja' }, null, null, num(exported), { text: 'kWh/år' }];
      while (r.length < FIRST_INDICATOR_COLUMN + MODULES.length - 1) r.push(null);
      r.push(num(rest));
      while (r.length < FIRST_INDICATOR_COLUMN + INDICATORS.length * MODULES.length) r.push(null);
      rows.push(r);
    }
  }
  const at = (label: string, why: ReturnType<typeof msg>): void => {
    emptied.push({ sheet: SHEET.parts, label, why });
  };
  if (lines.length) {
    at('Genbrugt, Bærende', msg('the data says neither whether a product is recycled nor whether it is load-bearing'));
    at('Forsinket start', msg('the data has no delayed start'));
    if (!standards.size) at('Standard', msg('no material of the lines states which EN 15804 version (+A1 or +A2) its EPD follows'));
    // The other indicators: named where no line, or only some, have figures (their EPDs do not declare them).
    const none: string[] = [];
    for (let i = 1; i < SHEET_INDICATORS.length; i++) {
      const [column] = SHEET_INDICATORS[i];
      const filled = withFigures[i];
      if (filled === 0) none.push(column);
      else if (filled < lines.length) at(column, msg('{0} of {1} lines: the material\'s EPD does not declare it in the column\'s unit (EN 15804+A2), or could not be read; left empty (not declared), not 0', lines.length - filled, lines.length));
    }
    if (none.length) at(none.join(', '), msg('no material of the lines declares these indicators; left empty (not declared), not 0'));
    if (noMaterial) at('EPD-nummer, Udløbsdato', msg('{0} of {1} lines: the material could not be read', noMaterial, lines.length));
    if (noPerPhase) at('GWP', msg('{0} of {1} lines: the service gave no figure per module for the line', noPerPhase, lines.length));
  }
  return { name: SHEET.parts, rows, widths: [16, 14, 24, 24, 24, 28, 32] };
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
