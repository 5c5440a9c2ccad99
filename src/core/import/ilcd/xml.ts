// Reading ILCD's XML as fast-xml-parser gives it (`@attr`, `#text`; soda4LCA's JSON is turned into the same shape,
// json.ts): the parser, which data set a document is, the small readers of elements, attributes and multi-language
// texts, and the data sets of one import by UUID.
import { XMLParser } from 'fast-xml-parser';
import type { MultiLangText } from '../../schemas/types';
import { isObject as isNode } from '../../guards';

export type Node = Record<string, unknown>;

/** Elements that may repeat: always arrays, so one occurrence reads like many. */
const ARRAYS = new Set([
  'baseName', 'generalComment', 'shortDescription', 'exchange', 'LCIAResult', 'amount', 'flowProperty', 'unit',
  'scenario', 'PropertyData', 'PropertyDetails', 'referenceToOwnershipOfDataSet', 'name', 'description',
]);

export const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (tagName) => ARRAYS.has(tagName),
});

/** Which ILCD data set a document is, from its root element (cheap: looks at the first kilobytes only). */
const ROOT = /<(?:[A-Za-z_][\w.-]*:)?(processDataSet|flowDataSet|flowPropertyDataSet|unitGroupDataSet|contactDataSet|sourceDataSet|LCIAMethodDataSet)[\s>]/;

export type IlcdKind = 'process' | 'flow' | 'flowProperty' | 'unitGroup' | 'other';

export function ilcdKindOf(head: string): IlcdKind | undefined {
  const m = ROOT.exec(head);
  if (!m) return undefined;
  switch (m[1]) {
    case 'processDataSet': return 'process';
    case 'flowDataSet': return 'flow';
    case 'flowPropertyDataSet': return 'flowProperty';
    case 'unitGroupDataSet': return 'unitGroup';
    default: return 'other';
  }
}

// ---- small readers ----

export function child(n: unknown, ...path: string[]): unknown {
  let cur = n;
  for (const p of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (!isNode(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}
export function list(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}
export function text(v: unknown): string | undefined {
  if (Array.isArray(v)) v = v[0];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (isNode(v) && typeof v['#text'] === 'string') return (v['#text'] as string).trim();
  if (isNode(v) && typeof v['#text'] === 'number') return String(v['#text']);
  return undefined;
}
export function attr(v: unknown, name: string): string | undefined {
  if (Array.isArray(v)) v = v[0];
  if (!isNode(v)) return undefined;
  const a = v[`@${name}`];
  return typeof a === 'string' ? a.trim() : undefined;
}
/** `[{lang, value}]` of a multi-language element (baseName, generalComment, shortDescription…). */
export function multiLang(v: unknown): MultiLangText[] {
  const out: MultiLangText[] = [];
  for (const item of list(v)) {
    const value = text(item);
    if (!value) continue;
    const lang = attr(item, 'lang') || 'en';
    const same = out.find((t) => t.lang === lang);
    if (same) same.value += `\n${value}`;
    else out.push({ lang, value });
  }
  return out;
}
/** The text in the language users here read first: Danish, then English, then whatever the dataset has. */
export function preferred(texts: MultiLangText[]): string | undefined {
  return (texts.find((t) => t.lang === 'da') ?? texts.find((t) => t.lang === 'en') ?? texts[0])?.value;
}
export function number(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = s.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
export function uuidOf(doc: unknown, info: string): string | undefined {
  return text(child(doc, info, 'dataSetInformation', 'UUID'))?.toLowerCase();
}

// ---- the index of one import: every data set by UUID ----

export interface Parsed {
  name: string;
  doc: Node;
}

export interface Index {
  processes: Parsed[];
  flows: Map<string, Parsed>;
  flowProperties: Map<string, Parsed>;
  unitGroups: Map<string, Parsed>;
}
