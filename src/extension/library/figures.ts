// Figures as the Library tree and the material picker show them: units ("m³", "kg"), numbers with about three
// significant digits, GWP A1-A3 per declared unit of a material or a construction, a component's quantity.
import * as l10n from '../l10n';
import { num } from '../../core/guards';
import type { CodeTable } from '../../core/codeTable';
import { epdDataOf, gwpA1A3 } from '../../core/lca';
import { toDeclaredUnits } from '../../core/units';
import type { Catalog, CatalogConstruction, CatalogMaterial } from './catalog';
import { isObject } from '../../core/guards';

/** A component's quantity per declared unit of its construction, as the record gives it. */
export interface ComponentQuantityText {
  amount: number | undefined;
  unit: number | undefined;
  percentage: number | undefined;
  height: number | undefined;
  width: number | undefined;
}

/** Unit text by label (the meaning in the active environment), so that a code meaning KG there reads "kg". */
const UNIT_TEXT: ReadonlyMap<string, string> = new Map([
  ['M', 'm'], ['M2', 'm²'], ['M3', 'm³'], ['KG', 'kg'], ['TONNE', 't'], ['KWH', 'kWh'], ['MJ', 'MJ'], ['L', 'L'],
]);

/** "m³", "kg", … as people write units; the code means what the environment's table `codes` says. */
export function unitText(code: number | undefined, codes: CodeTable): string {
  if (code === undefined) return '?';
  const unit = codes.unitByCode(code);
  if (!unit) return String(code);
  const label = unit.label.toUpperCase();
  if (label === 'NONE') return l10n.t('unit');
  if (label === 'PCS') return l10n.t('pcs');
  return UNIT_TEXT.get(label) ?? unit.label;
}

/** A figure with about three significant digits in the chosen number format: 282, 12.3 (12,3), 0.0523, -14.9. */
export function figure(n: number): string {
  if (n === 0) return '0';
  const rounded = Math.abs(n) >= 100 ? Math.round(n) : Number(n.toPrecision(3));
  return rounded.toLocaleString(l10n.locale(), { useGrouping: false, maximumFractionDigits: 20 });
}

/** "per declared unit": "m³" when declaredValue is 1, else "1000 kg". */
export function perDeclared(declaredValue: number | undefined, declaredUnit: number | undefined, codes: CodeTable): string {
  return declaredValue === undefined || declaredValue === 1 ? unitText(declaredUnit, codes) : `${figure(declaredValue)} ${unitText(declaredUnit, codes)}`;
}

export interface GwpFigure {
  /** kg CO2e per `per`, A1-A3; undefined when it cannot be computed. */
  value: number | undefined;
  per: string;
  /** Why there is no figure, or what it leaves out. */
  note?: string;
}

export function materialGwp(m: CatalogMaterial, codes: CodeTable): GwpFigure {
  return { value: m.gwpA1A3, per: perDeclared(m.epd.declaredUnit.declaredValue, m.epd.declaredUnit.declaredUnit, codes) };
}

/** A construction's GWP A1-A3: the service's aggregate, or (for a file) the sum over its components (in the catalog's code table). */
export function constructionGwp(c: CatalogConstruction, catalog: Catalog): GwpFigure {
  const codes = catalog.codes;
  const record = isObject(c.record) ? c.record : {};
  const du = isObject(record.declaredUnit) ? record.declaredUnit : {};
  const per = perDeclared(num(du.declaredValue), num(du.declaredUnit), codes);
  if (Array.isArray(record.lciaResults)) {
    const value = gwpA1A3(epdDataOf(record, codes));
    if (value !== undefined) return { value, per };
  }
  const components = Array.isArray(record.constructionEpds) ? record.constructionEpds : [];
  if (!components.length) return { value: undefined, per, note: l10n.t('no components') };
  let sum = 0;
  for (const entry of components) {
    const component = isObject(entry) ? entry : {};
    const epdId = typeof component.epdId === 'string' ? component.epdId : undefined;
    const material = epdId ? catalog.materialFor(epdId) : undefined;
    const cu = isObject(component.constructionUnit) ? component.constructionUnit : {};
    const unit = num(cu.unit);
    const amount = num(cu.amount);
    if (!material || material.gwpA1A3 === undefined || unit === undefined || amount === undefined) {
      return { value: undefined, per, note: material ? l10n.t('a component has no GWP') : l10n.t('a component’s material is not known yet') };
    }
    const conversion = toDeclaredUnits({ unit, amount, percentage: num(cu.percentage), height: num(cu.height), width: num(cu.width) }, material.epd.declaredUnit, codes);
    if (!conversion.ok) return { value: undefined, per, note: l10n.say(conversion.reason) };
    sum += conversion.declaredUnits * material.gwpA1A3;
  }
  return { value: sum, per };
}

export function gwpText(g: GwpFigure): string {
  return g.value === undefined ? 'GWP —' : l10n.t('{0} kg CO₂e / {1}', figure(g.value), g.per);
}

/** "0.108 m³", "1 m² × 0.195 m", "2 pcs · 50 %". */
export function quantityText(q: ComponentQuantityText, codes: CodeTable): string {
  if (q.amount === undefined) return l10n.t('no amount');
  let text = `${figure(q.amount)} ${unitText(q.unit, codes)}`;
  if (q.height !== undefined && q.width !== undefined) text += ` × ${figure(q.width)} × ${figure(q.height)} m`;
  else if (q.height !== undefined) text += ` × ${figure(q.height)} m`;
  else if (q.width !== undefined) text += ` × ${figure(q.width)} m`;
  if (q.percentage !== undefined && q.percentage !== 100) text += ` · ${figure(q.percentage)} %`;
  return text;
}
