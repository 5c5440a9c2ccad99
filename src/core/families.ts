// Material families: what job a material does in a building, so that alternatives are offered among materials that do
// the same job. The vocabulary is data (familyTable.ts); `familyOf` reads a material's family from — in this order —
// a `family:` tag a user set, the classification an importer kept (`class:` tags: ILCD classes, LCAx
// classification, a spreadsheet's category column), its other tags (the service's category tags), and the words of
// its names in Danish, German and English. Pure: the table is an argument with the built-in one as default.
import { label, msg, type Msg } from './l10n';
import { MATERIAL_FAMILIES, type FamilyId, type FamilyTable } from './familyTable';
import type { EpdData } from './lca/types';

export { FAMILY_IDS, MATERIAL_FAMILIES, PART_IDS, ROLE_IDS, ROLE_LABELS, type FamilyForm, type FamilyId, type FamilyTable, type MaterialFamily, type PartId, type PerformanceBasis, type RoleId } from './familyTable';

/** Where a material's family was read. */
export type FamilySource = 'tag' | 'classification' | 'category' | 'name' | 'none';

export interface FamilyOf {
  id: FamilyId;
  from: FamilySource;
  /** What it was read from: the tag, the class, or the word of the name. */
  by?: string;
}

/** What `familyOf` reads of a material (a file's material, a service read, an EpdData with its tags). */
export interface FamilyInput {
  name?: string;
  /** Names in other languages. */
  names?: readonly string[];
  tags?: readonly string[];
}

/** The tag that sets a material's family: `family:<id>` (e.g. `family:masonry`). */
export const FAMILY_TAG = 'family:';
/** The tag an importer keeps a classification in: `class:<system> > [<id>] <name> > …`. */
export const CLASS_TAG = 'class:';

export interface ClassificationLevel {
  id?: string;
  name: string;
}

export interface Classification {
  system: string;
  classes: ClassificationLevel[];
}

/** A classification as the tag an importer writes: `class:OEKOBAU.DAT > [3] Holz > [3.3] Holzböden > [3.3.02] Parkett`. */
export function classificationTag(c: Classification): string {
  const level = (l: ClassificationLevel): string => (l.id ? `[${l.id}] ${l.name}` : l.name).replace(/\s*>\s*/g, ' / ').trim();
  return `${CLASS_TAG}${c.system.trim()}${c.classes.map((l) => ` > ${level(l)}`).join('')}`;
}

/** The classification a `class:` tag keeps, or undefined for any other tag. */
export function parseClassificationTag(tag: string): Classification | undefined {
  if (!tag.startsWith(CLASS_TAG)) return undefined;
  const [system, ...levels] = tag.slice(CLASS_TAG.length).split(' > ');
  if (!system?.trim()) return undefined;
  return {
    system: system.trim(),
    classes: levels.map((l) => {
      const m = /^\[([^\]]*)\]\s*(.*)$/.exec(l.trim());
      return m ? { id: m[1], name: m[2] } : { name: l.trim() };
    }),
  };
}

/**
 * The one reading of a user's `key:value` tag (`family:`, `part:`, `form:`, `role:`, `lambda:`): its value, trimmed,
 * when the tag begins with one of `keys` (in any case), else undefined.
 */
export function tagValue(tag: string, ...keys: string[]): string | undefined {
  const lower = tag.toLowerCase();
  const key = keys.find((k) => lower.startsWith(k));
  return key === undefined ? undefined : tag.slice(key.length).trim();
}

/** The value of the first of `tags` that begins with one of `keys` (`tagValue`). */
export function taggedValue(tags: readonly string[] | undefined, ...keys: string[]): string | undefined {
  for (const t of tags ?? []) {
    const v = tagValue(t, ...keys);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The family id a `family:` tag sets, or undefined (any other tag, or an id the table does not have). */
export function familyOfTag(tag: string, table: FamilyTable = MATERIAL_FAMILIES): FamilyId | undefined {
  const id = tagValue(tag, FAMILY_TAG)?.toLowerCase();
  if (id === undefined) return undefined;
  if (id === 'unknown') return 'unknown';
  return table.families.find((f) => f.id === id)?.id;
}

interface Word {
  text: string;
  key: string;
  /** Letters may come before it / after it. */
  before: boolean;
  after: boolean;
}

/** One regular expression over every word of a list of keyed word lists (a family's, a form's, a part's). */
export interface WordMatcher {
  re: RegExp | undefined;
  /** Every word by its first letter, longest first. */
  byFirst: Map<string, Word[]>;
}

/** What a matcher is made of: keys with their words (`*` for the part of a compound, as in the family table). */
export type KeyedWords = readonly { readonly key: string; readonly words: readonly string[] }[];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const LETTER = /[\p{L}\p{N}]/u;

/** The matcher of keyed word lists (not cached: callers keep theirs with the table they come from). */
export function wordMatcher(lists: KeyedWords): WordMatcher {
  const words: Word[] = [];
  const seen = new Set<string>();
  for (const l of lists) {
    for (const raw of l.words) {
      const before = raw.startsWith('*');
      const after = raw.endsWith('*') && raw.length > 1;
      const text = raw.slice(before ? 1 : 0, after ? -1 : undefined).toLowerCase();
      const key = `${before}${after}${text}`;
      if (!text || seen.has(key)) continue;
      seen.add(key);
      words.push({ text, key: l.key, before, after });
    }
  }
  words.sort((a, b) => b.text.length - a.text.length);
  const group = (before: boolean, after: boolean): string => {
    const alt = words.filter((w) => w.before === before && w.after === after).map((w) => escape(w.text));
    if (!alt.length) return '';
    return `${before ? '' : '(?<![\\p{L}\\p{N}])'}(?:${alt.join('|')})${after ? '' : '(?![\\p{L}\\p{N}])'}`;
  };
  const source = [group(false, false), group(false, true), group(true, false), group(true, true)].filter(Boolean).join('|');
  const byFirst = new Map<string, Word[]>();
  for (const w of words) {
    const list = byFirst.get(w.text[0]) ?? [];
    list.push(w);
    byFirst.set(w.text[0], list);
  }
  return { re: source ? new RegExp(source, 'u') : undefined, byFirst };
}

/** Whether `w` stands at `at` in `lower` by its rules. */
function standsAt(lower: string, at: number, w: Word): boolean {
  if (!lower.startsWith(w.text, at)) return false;
  if (!w.before && at > 0 && LETTER.test(lower[at - 1])) return false;
  const end = at + w.text.length;
  return w.after || end >= lower.length || !LETTER.test(lower[end]);
}

/** The key the words of a text tell, with the word: the word that starts first, the longest at the same place. */
export function firstWord(text: string, m: WordMatcher): { key: string; word: string } | undefined {
  if (!text || !m.re) return undefined;
  const lower = text.toLowerCase();
  const found = m.re.exec(lower);
  if (!found) return undefined;
  // At the place found, the longest word that stands there (the expression tries its groups in turn, not by length).
  const at = found.index;
  const best = (m.byFirst.get(lower[at]) ?? []).find((w) => standsAt(lower, at, w));
  return best ? { key: best.key, word: best.text } : undefined;
}

const matchers = new WeakMap<FamilyTable, WordMatcher>();

/** The matcher of the families' words (a named cache of a pure function of the table). */
function matcherOf(table: FamilyTable): WordMatcher {
  let m = matchers.get(table);
  if (!m) {
    m = wordMatcher(table.families.map((f) => ({ key: f.id, words: f.words })));
    matchers.set(table, m);
  }
  return m;
}

/** The family the words of a text tell, with the word: the word that starts first, the longest at the same place. */
export function familyOfWords(text: string, table: FamilyTable = MATERIAL_FAMILIES): { id: FamilyId; word: string } | undefined {
  const w = firstWord(text, matcherOf(table));
  return w ? { id: w.key as FamilyId, word: w.word } : undefined;
}

/** The family a classification tells: a class id the table names (deepest first), else the words of its class names. */
export function familyOfClassification(c: Classification, table: FamilyTable = MATERIAL_FAMILIES): { id: FamilyId; by: string } | undefined {
  const system = c.system.toLowerCase();
  for (const level of [...c.classes].reverse()) {
    if (!level.id) continue;
    let best: { id: FamilyId; length: number } | undefined;
    for (const f of table.families) {
      for (const k of f.classes) {
        if (k.system.toLowerCase() !== system) continue;
        if (level.id === k.id || level.id.startsWith(`${k.id}.`)) {
          if (!best || k.id.length > best.length) best = { id: f.id, length: k.id.length };
        }
      }
    }
    // A class the table marks as telling no job ('unknown') leaves the family to the tags and the name.
    if (best) return best.id === 'unknown' ? undefined : { id: best.id, by: `${c.system} ${level.id} ${level.name}`.trim() };
  }
  for (const level of [...c.classes].reverse()) {
    const w = familyOfWords(level.name, table);
    if (w) return w.id === 'unknown' ? undefined : { id: w.id, by: `${c.system} ${level.id ? `${level.id} ` : ''}${level.name}` };
  }
  return undefined;
}

/**
 * A material's family and where it was read: a `family:` tag (the user's), then a kept classification (`class:`
 * tags), then its other tags (finest first: a service's category path ends with its finest level), then the words
 * of its name, then of its names in other languages; 'unknown' when none tells.
 */
export function familyOf(m: FamilyInput, table: FamilyTable = MATERIAL_FAMILIES): FamilyOf {
  const tags = m.tags ?? [];
  for (const t of tags) {
    const id = familyOfTag(t, table);
    if (id) return { id, from: 'tag', by: t };
  }
  for (const t of tags) {
    const c = parseClassificationTag(t);
    const f = c && familyOfClassification(c, table);
    if (f) return { id: f.id, from: 'classification', by: f.by };
  }
  for (let i = tags.length - 1; i >= 0; i--) {
    const t = tags[i];
    if (t.startsWith(CLASS_TAG) || tagValue(t, FAMILY_TAG) !== undefined) continue;
    const w = familyOfWords(t, table);
    if (w) return { id: w.id, from: 'category', by: t };
  }
  for (const name of [m.name ?? '', ...(m.names ?? [])]) {
    const w = familyOfWords(name, table);
    if (w) return { id: w.id, from: 'name', by: w.word };
  }
  return { id: 'unknown', from: 'none' };
}

const ofEpd = new WeakMap<EpdData, FamilyOf>();

/** A material's family by the built-in vocabulary, read once per EPD object (a named cache of a pure function). */
export function familyOfEpd(epd: EpdData, table: FamilyTable = MATERIAL_FAMILIES): FamilyOf {
  if (table !== MATERIAL_FAMILIES) return familyOf(epd, table);
  let f = ofEpd.get(epd);
  if (!f) {
    f = familyOf(epd, table);
    ofEpd.set(epd, f);
  }
  return f;
}

/** A family's name in the user's words ('unknown' too). */
export function familyLabel(id: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): Msg {
  if (id === 'unknown') return msg('unknown family');
  return table.families.find((f) => f.id === id)?.label ?? label(id);
}

/** Whether the same mass of another product of the family may stand for it (false: only volume, area or pieces). */
export function familyComparesByMass(id: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): boolean {
  return table.families.find((f) => f.id === id)?.byMass ?? true;
}

/** "structural concrete (from the classification OEKOBAU.DAT 1.4.01 Beton)": a family with where it was read. */
export function familyWords(f: FamilyOf, table: FamilyTable = MATERIAL_FAMILIES): Msg {
  const name = familyLabel(f.id, table);
  switch (f.from) {
    case 'tag':
      return msg('{0} (set by the tag {1})', name, f.by ?? '');
    case 'classification':
      return msg('{0} (from the classification {1})', name, f.by ?? '');
    case 'category':
      return msg('{0} (from the tag {1})', name, f.by ?? '');
    case 'name':
      return msg('{0} (from the word “{1}” of its name)', name, f.by ?? '');
    default:
      return msg('{0} (set one with a tag such as family:masonry)', name);
  }
}
