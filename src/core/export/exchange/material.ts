// A material as the exchange exports read it: from the document in a workspace file or the service's read, the facts
// LCAbyg and LCAx carry — names per language, the declared unit (by its meaning in the environment's code table), the
// mass, the EPD's standard, type, validity and source, and each indicator's value per module per ONE declared unit.
// Reads only what is written; computes no figure of a construction (those come from the preview). No vscode.
import type { CodeTable } from '../../codeTable';
import { isObject, num } from '../../guards';
import { EPD_SPECIFICATION_FORM } from '../../import/en15804';

export interface ExchangeMaterial {
  /** The material's own id (originalUUID), else the id it was found by. */
  uuid: string;
  version: string;
  name: string;
  nameDa: string;
  nameEn: string;
  description: string;
  /** The declared unit's label in the code table (M2, M3, KG, TONNE, PCS, …). */
  unitLabel: string;
  declaredValue: number;
  /** kg per `declaredValue` declared units, when given. */
  mass: number | undefined;
  standard: 'A1' | 'A2' | undefined;
  /** 0 generic, 1 industry, 2 product; undefined when not given. */
  epdType: number | undefined;
  validTo: string | undefined;
  publishedAt: string | undefined;
  link: string;
  sourceName: string;
  lifespan: number | undefined;
  declarationNumber: string;
  tags: string[];
  /** Indicator name (GWP_TOTAL, ODP, …) → module label (A1-A3, C3, …) → value per ONE declared unit. */
  values: Map<string, Map<string, number>>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function langOf(list: unknown, lang: string): string {
  if (!Array.isArray(list)) return '';
  const hit = list.find((e) => isObject(e) && typeof e.lang === 'string' && e.lang.toLowerCase().startsWith(lang) && typeof e.value === 'string' && e.value.trim());
  return isObject(hit) ? (hit.value as string) : '';
}

/** The date part (YYYY-MM-DD) of a date-time as the schemas write it. */
const dayOf = (v: unknown): string | undefined => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined);

/** Reads a material document (a workspace file's or the service's); `id` is the id the construction names it by. */
export function exchangeMaterialOf(record: unknown, id: string, codes: CodeTable): ExchangeMaterial {
  const m = isObject(record) ? record : {};
  const du = isObject(m.declaredUnit) ? m.declaredUnit : {};
  const info = isObject(m.epdInfo) ? m.epdInfo : {};
  const declaredValue = num(du.declaredValue) && num(du.declaredValue)! > 0 ? num(du.declaredValue)! : 1;
  const unitCode = num(du.declaredUnit);
  const unitLabel = unitCode === undefined ? 'NONE' : (codes.unitByCode(unitCode)?.label ?? 'NONE');
  let mass = num(du.mass);
  if (mass !== undefined) {
    const massUnit = num(du.massUnit);
    if (massUnit !== undefined && codes.unitByCode(massUnit)?.label === 'TONNE') mass *= 1000;
  }
  const form = num(info.epdSpecificationForm);
  const values = new Map<string, Map<string, number>>();
  for (const r of Array.isArray(m.lciaResults) ? m.lciaResults : []) {
    if (!isObject(r)) continue;
    const code = num(r.moduleTypeEnum);
    const module = code === undefined ? undefined : codes.moduleByCode(code)?.label;
    if (!module || !Array.isArray(r.indicators)) continue;
    for (const i of r.indicators) {
      if (!isObject(i)) continue;
      const name = typeof i.type === 'string' ? i.type : typeof i.type === 'number' ? codes.indicatorByType(i.type)?.name : undefined;
      const value = num(i.value);
      if (!name || value === undefined) continue;
      const perModule = values.get(name) ?? new Map<string, number>();
      perModule.set(module, (perModule.get(module) ?? 0) + value / declaredValue);
      values.set(name, perModule);
    }
  }
  const name = text(m.name) || id;
  return {
    uuid: text(m.originalUUID) || text(m.id) || id,
    version: text(m.originalVersion) || text(info.epdVersion) || '1',
    name,
    nameDa: langOf(m.nameMultiLang, 'da') || name,
    nameEn: langOf(m.nameMultiLang, 'en') || name,
    description: text(m.description) || langOf(m.descriptionMultiLang, 'en') || langOf(m.descriptionMultiLang, 'da'),
    unitLabel,
    declaredValue,
    mass: mass !== undefined && mass > 0 ? mass : undefined,
    standard: form === EPD_SPECIFICATION_FORM.A1 ? 'A1' : form === EPD_SPECIFICATION_FORM.A2 ? 'A2' : undefined,
    epdType: num(info.epdProductIndustryType),
    validTo: dayOf(info.validTo),
    publishedAt: dayOf(info.publicationDate),
    link: text(info.link),
    sourceName: text(m.sourceDatabaseVersion),
    lifespan: num(m.expectedLifespan),
    declarationNumber: text(info.declarationNumber),
    tags: Array.isArray(m.tags) ? m.tags.filter((t): t is string => typeof t === 'string') : [],
    values,
  };
}

/** The Tabel 7 Sorterings ID of a material imported from Tabel 7 (its description or tags name it), else undefined. */
export function tabel7RowOf(m: ExchangeMaterial): string | undefined {
  const fromTabel7 = /tabel ?7/i.test(m.sourceName) || m.tags.some((t) => /tabel ?7/i.test(t));
  if (!fromTabel7) return undefined;
  return /#[GB]\d{4}\b/i.exec(`${m.description} ${m.declarationNumber}`)?.[0]?.toUpperCase();
}
