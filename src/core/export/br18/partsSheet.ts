// The workbook's "Bygningsdele" sheet: one row per material line of the dashboard's breakdown (where it sits, its
// amounts and EPD in columns A–AB), then from column AC per indicator its figure per module in kg CO2e/m²/yr — GWP
// total the dashboard line's own, the others by the line formula over the material's EPD — and a row of its own for
// module D of exported electricity. What the lines leave empty is listed in `emptied`.
import type { MaterialsBreakdownItem } from '../../api/types';
import { msg } from '../../l10n';
import { num, round, SHEET, text } from './cells';
import { decimal, finite, materialLines, materialOf, obj, type MaterialLine, type ProjectFigures } from './facts';
import { indicatorCodesOf, lineIndicators, SHEET_INDICATORS, type LineBasisOfProject, type LineIndicators } from './lines';
import type { Br18ExportInput, Cell, EmptyField, LinePlace, SheetContent } from './types';

/** Indicators (13) and modules (15) of the Bygningsdele sheet from column AC, indicator-major. */
export const INDICATORS = SHEET_INDICATORS.map(([column]) => column);
export const MODULES = ['A1-3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'C1', 'C2', 'C3', 'C4', 'D'] as const;
/** Column index (0-based) of the first indicator column: AC. */
export const FIRST_INDICATOR_COLUMN = 28;
/** Our phase code of a module of the sheet. */
const PHASE_OF_MODULE: Partial<Record<(typeof MODULES)[number], string>> = { 'A1-3': 'A1A3', A4: 'A4', A5: 'A5', B4: 'B4', B6: 'B6', C3: 'C3', C4: 'C4', D: 'D' };

const STANDARD_TEXT = { A1: 'EN 15804+A1', A2: 'EN 15804+A2' } as const;

const EPD_TYPE_DA: Record<string, string> = { Generic: 'Generisk data', Industry: 'Branche-EPD', Product: 'Produkt-EPD' };

/** Column letters of the Bygningsdele sheet's first 28 columns (A–AB) and their headings. */
const PART_HEADINGS = [
  'Kategori', 'Type', 'Bygningsdel', 'Hovedbygningsdel', 'Underbygningsdel', 'Konstruktion', 'Produkt', 'Medregnet',
  'Genbrugt', 'Bærende', 'Indtastet mængde', 'Indtastet enhed', 'Beregnet mængde', 'Beregnet enhed', 'Referencelevetid (år)',
  'Forsinket start (år)', 'Udskiftninger', 'Vægt', 'Vægtenhed', '', '', '', 'EPD-link', 'EPD-nummer', 'Udløbsdato', 'Standard', '', '',
];

/** The Bygningsdele sheet of a project's dashboard. */
export function partsSheet(input: Br18ExportInput, f: ProjectFigures, emptied: EmptyField[]): SheetContent {
  const rows: Cell[][] = [[{ text: SHEET.parts }], [text(input.project.projectName)], ...partsHeadings(input.codes)];
  const lines = materialLines(input.dashboard);
  const basis: LineBasisOfProject = { area: f.referenceArea, period: f.period, wastagePercentage: f.wastagePercentage, codes: input.codes, indicators: indicatorCodesOf(input.codes), epds: new Map() };
  const tally: PartsTally = { noPerPhase: 0, noMaterial: 0, standards: new Set(), withFigures: SHEET_INDICATORS.map(() => 0) };
  for (const line of lines) rows.push(partRow(input, line, basis, tally));
  const exported = exportedElectricityRow(input, f, lines, tally.noPerPhase);
  if (exported) rows.push(exported);
  if (lines.length) partsEmptied(emptied, lines.length, tally);
  return { name: SHEET.parts, rows, widths: [16, 14, 24, 24, 24, 28, 32] };
}

/** The two heading rows: the indicator groups (with their units) over the columns from AC, and the columns' names. */
function partsHeadings(codes: Br18ExportInput['codes']): [Cell[], Cell[]] {
  const heading: Cell[] = PART_HEADINGS.map((h) => text(h));
  const groups: Cell[] = new Array<Cell>(FIRST_INDICATOR_COLUMN).fill(null);
  for (const [ind, name] of SHEET_INDICATORS) {
    heading.push(...MODULES.map((m) => text(m)));
    const unit = ind.startsWith('GWP') ? 'kg CO2e' : (codes.indicatorByName(name)?.unit ?? name);
    groups.push({ text: `${ind} (${unit}/m²/år)` }, ...new Array<Cell>(MODULES.length - 1).fill(null));
  }
  return [groups, heading];
}

/** What the lines of the sheet lacked, counted while they are written, for `partsEmptied`. */
interface PartsTally {
  noPerPhase: number;
  noMaterial: number;
  standards: Set<string>;
  /** Per indicator of the sheet: how many lines have a figure of it. */
  withFigures: number[];
}

/** One material line's row: its description (A–AB), then per indicator its figure per module. */
function partRow(input: Br18ExportInput, { item, place }: MaterialLine, basis: LineBasisOfProject, tally: PartsTally): Cell[] {
  const material = materialOf(input, item.epdId);
  if (!material) tally.noMaterial++;
  const figures = lineIndicators(item, material, basis);
  if (figures.standard) tally.standards.add(figures.standard);
  if (!item.co2PerPhase) tally.noPerPhase++;
  return [...partDescription(item, place, material, figures), ...gwpByModule(item), ...otherIndicatorsByModule(item, figures, input.stages, tally.withFigures)];
}

/** The first 28 columns (A–AB) of a line: where it sits, its amounts, service life and EPD. */
function partDescription(item: MaterialsBreakdownItem, place: LinePlace, material: unknown, figures: LineIndicators): Cell[] {
  const info = obj(obj(material).epdInfo);
  const lifetime = finite(item.lifetime);
  const validTo = typeof info.validTo === 'string' && !Number.isNaN(Date.parse(info.validTo)) ? new Date(info.validTo) : undefined;
  const calculatedUnit = item.calculatedUnit ?? '';
  return [
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
}

/** GWP total per module: the dashboard line's own figures. */
function gwpByModule(item: MaterialsBreakdownItem): Cell[] {
  const perPhase = item.co2PerPhase;
  return MODULES.map((m) => {
    const phase = PHASE_OF_MODULE[m];
    return num(phase && perPhase ? decimal(perPhase[phase]) : undefined);
  });
}

/** The other indicators: the line formula over the material's EPD, for the modules the dashboard reports. */
function otherIndicatorsByModule(item: MaterialsBreakdownItem, figures: LineIndicators, stages: readonly string[], withFigures: number[]): Cell[] {
  const perPhase = item.co2PerPhase;
  const out: Cell[] = [];
  for (let i = 1; i < SHEET_INDICATORS.length; i++) {
    const byModule = figures.figures.get(SHEET_INDICATORS[i][1]);
    if (byModule) withFigures[i]++;
    for (const m of MODULES) {
      const phase = PHASE_OF_MODULE[m];
      const reported = phase !== undefined && (perPhase ? phase in perPhase : stages.includes(phase));
      const v = reported && byModule ? byModule[phase as keyof typeof byModule] : undefined;
      out.push(v === undefined ? null : num(v));
    }
  }
  return out;
}

/**
 * Module D of exported electricity is the building's, in no material line: a row of its own, so that the sheet's D
 * adds up to the dashboard's (the rest of D once the lines' are counted, when the project exports electricity).
 */
function exportedElectricityRow(input: Br18ExportInput, f: ProjectFigures, lines: readonly MaterialLine[], noPerPhase: number): Cell[] | undefined {
  const exported = finite(obj(input.project.projectEnergyData).operationExportedElectricity);
  if (exported === undefined || exported <= 0 || f.perPhase.D === undefined || noPerPhase !== 0) return undefined;
  const linesD = lines.reduce((s, l) => s + (decimal(l.item.co2PerPhase?.D) ?? 0), 0);
  const rest = round(f.perPhase.D - linesD);
  if (rest === 0) return undefined;
  const r: Cell[] = [{ text: 'Drift' }, { text: 'Energi' }, null, null, null, { text: 'Eksporteret el' }, { text: 'El' }, { text: 'Ja' }, null, null, num(exported), { text: 'kWh/år' }];
  while (r.length < FIRST_INDICATOR_COLUMN + MODULES.length - 1) r.push(null);
  r.push(num(rest));
  while (r.length < FIRST_INDICATOR_COLUMN + INDICATORS.length * MODULES.length) r.push(null);
  return r;
}

/** What the sheet's lines leave empty, by column, for the report. */
function partsEmptied(emptied: EmptyField[], lineCount: number, tally: PartsTally): void {
  const at = (label: string, why: ReturnType<typeof msg>): void => {
    emptied.push({ sheet: SHEET.parts, label, why });
  };
  at('Genbrugt, Bærende', msg('the data says neither whether a product is recycled nor whether it is load-bearing'));
  at('Forsinket start', msg('the data has no delayed start'));
  if (!tally.standards.size) at('Standard', msg('no material of the lines states which EN 15804 version (+A1 or +A2) its EPD follows'));
  // The other indicators: named where no line, or only some, have figures (their EPDs do not declare them).
  const none: string[] = [];
  for (let i = 1; i < SHEET_INDICATORS.length; i++) {
    const [column] = SHEET_INDICATORS[i];
    const filled = tally.withFigures[i];
    if (filled === 0) none.push(column);
    else if (filled < lineCount) at(column, msg('{0} of {1} lines: the material\'s EPD does not declare it in the column\'s unit (EN 15804+A2), or could not be read; left empty (not declared), not 0', lineCount - filled, lineCount));
  }
  if (none.length) at(none.join(', '), msg('no material of the lines declares these indicators; left empty (not declared), not 0'));
  if (tally.noMaterial) at('EPD-nummer, Udløbsdato', msg('{0} of {1} lines: the material could not be read', tally.noMaterial, lineCount));
  if (tally.noPerPhase) at('GWP', msg('{0} of {1} lines: the service gave no figure per module for the line', tally.noPerPhase, lineCount));
}
