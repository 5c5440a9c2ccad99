// The job of a line, read from the family table (familyTable.ts with jobTable.ts): the building part a line's
// classification or a construction's tags and name tell, the form of a product within its family and the role it
// plays — a user's `part:`, `form:` and `role:` tags first, as the `family:` tag is read first (families.ts). Pure:
// the table is an argument with the built-in one as default; each word list's matcher is kept with its table.
import { msg, type Msg } from './l10n';
// (Everything of the table through families.ts: the lazy bundles that read jobs require dist/families.js, not a copy.)
import {
  familyLabel, familyOf, firstWord, MATERIAL_FAMILIES, parseClassificationTag, PART_IDS, taggedValue, ROLE_IDS, ROLE_LABELS, wordMatcher,
  type FamilyForm, type FamilyId, type FamilyInput, type FamilyOf, type FamilyTable, type MaterialFamily, type PartId, type RoleId, type WordMatcher,
} from './families';

/** The tags that set a material's form and role, and a construction's building part: `form:loose-fill`, `role:insulation`, `part:external-wall`. */
export const FORM_TAG = 'form:';
export const ROLE_TAG = 'role:';
export const PART_TAG = 'part:';

/** Where a part, form or role was read. */
export type JobSource = 'tag' | 'classification' | 'name' | 'part' | 'default' | 'family';

/** A material's job in a building part: the part, the role it plays there and its form within its family. */
export interface Job {
  family: FamilyId;
  part?: PartId;
  role?: RoleId;
  form?: string;
  /** Where the form was read (a tag, a word of the name, the part, the family's default). */
  formFrom?: JobSource;
  /** The word of the name (or the tag) it was read from. */
  formBy?: string;
}

const tagOf = (tags: readonly string[] | undefined, key: string): string | undefined => taggedValue(tags, key)?.toLowerCase();

export const familyRow = (id: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): MaterialFamily | undefined => table.families.find((f) => f.id === id);

// ---- building parts ----

const partMatchers = new WeakMap<FamilyTable, WordMatcher>();
function partMatcher(table: FamilyTable): WordMatcher {
  let m = partMatchers.get(table);
  if (!m) {
    m = wordMatcher(table.parts.map((p) => ({ key: p.id, words: p.words })));
    partMatchers.set(table, m);
  }
  return m;
}

/** "(21.1)", "21.1", "(2-)" → "21.1", "21.1", "2". */
const bare = (code: string): string => code.replace(/[()\s]/g, '').replace(/-+$/, '');

/** The part a class code tells ("(21.1)" → external walls): the longest code of the table that starts it. */
export function partOfCode(code: string, table: FamilyTable = MATERIAL_FAMILIES): PartId | undefined {
  const c = bare(code);
  if (!c) return undefined;
  let best: { id: PartId; length: number } | undefined;
  for (const p of table.parts) {
    for (const k of p.codes) if ((c === k || c.startsWith(`${k}.`)) && (!best || k.length > best.length)) best = { id: p.id, length: k.length };
  }
  return best?.id;
}

/** The part words tell ("Outer wall, brick/concrete" → external walls). */
export function partOfWords(text: string, table: FamilyTable = MATERIAL_FAMILIES): PartId | undefined {
  return firstWord(text, partMatcher(table))?.key as PartId | undefined;
}

/** The part of a classification path (a dashboard line's levels, deepest last): its deepest code the table knows, else its names' words. */
export function partOfClassification(levels: readonly { code?: string | null; name?: string | null }[], table: FamilyTable = MATERIAL_FAMILIES): { id: PartId; by: string } | undefined {
  for (const l of [...levels].reverse()) {
    const id = l.code ? partOfCode(l.code, table) : undefined;
    if (id) return { id, by: `${l.code} ${l.name ?? ''}`.trim() };
  }
  for (const l of [...levels].reverse()) {
    const id = l.name ? partOfWords(l.name, table) : undefined;
    if (id) return { id, by: l.name! };
  }
  return undefined;
}

const isPart = (v: string | undefined): v is PartId => v !== undefined && (PART_IDS as readonly string[]).includes(v);

/**
 * A construction's building part: a `part:` tag, then a kept classification (`class:` tags), then its other tags'
 * words, then its name's; undefined when none tells.
 */
export function partOfConstruction(value: unknown, table: FamilyTable = MATERIAL_FAMILIES): { id: PartId; from: JobSource; by: string } | undefined {
  const v = (typeof value === 'object' && value !== null ? value : {}) as { name?: unknown; tags?: unknown };
  const tags = Array.isArray(v.tags) ? v.tags.filter((t): t is string => typeof t === 'string') : [];
  const tagged = tagOf(tags, PART_TAG);
  if (isPart(tagged)) return { id: tagged, from: 'tag', by: `${PART_TAG}${tagged}` };
  for (const t of tags) {
    const c = parseClassificationTag(t);
    const p = c && partOfClassification(c.classes.map((l) => ({ code: l.id, name: l.name })), table);
    if (p) return { id: p.id, from: 'classification', by: p.by };
  }
  for (const t of tags) {
    const id = partOfWords(t, table);
    if (id) return { id, from: 'name', by: t };
  }
  const name = typeof v.name === 'string' ? v.name : '';
  const id = partOfWords(name, table);
  return id ? { id, from: 'name', by: name } : undefined;
}

// ---- forms and roles ----

interface FormMatchers {
  /** The forms that tell their job by themselves, and the generic ones (a brick, a mortar): a specific word wins. */
  specific: WordMatcher;
  generic: WordMatcher;
}
const formMatchers = new WeakMap<readonly FamilyForm[], FormMatchers>();
export const isGeneric = (f: FamilyForm): boolean => f.mayBe !== undefined || f.inParts !== undefined;
function formMatchersOf(forms: readonly FamilyForm[]): FormMatchers {
  let m = formMatchers.get(forms);
  if (!m) {
    const keyed = (generic: boolean) => forms.filter((f) => isGeneric(f) === generic).map((f) => ({ key: f.id, words: f.words }));
    m = { specific: wordMatcher(keyed(false)), generic: wordMatcher(keyed(true)) };
    formMatchers.set(forms, m);
  }
  return m;
}

/** A form of a family by its id. */
export const formRow = (family: MaterialFamily | undefined, id: string | undefined): FamilyForm | undefined => (id === undefined ? undefined : family?.forms?.find((f) => f.id === id));

/**
 * A material's form within `family`, in `part`: a `form:` tag, else the words of its names (a specific form's word
 * wins over a generic one's), else the family's default; a generic form takes the form its part gives it.
 */
export function formOf(m: FamilyInput, family: FamilyId, part?: PartId, table: FamilyTable = MATERIAL_FAMILIES): { id: string; from: JobSource; by?: string } | undefined {
  const row = familyRow(family, table);
  const forms = row?.forms;
  if (!row || !forms?.length) return undefined;
  const tagged = tagOf(m.tags, FORM_TAG);
  if (tagged && forms.some((f) => f.id === tagged)) return { id: tagged, from: 'tag', by: `${FORM_TAG}${tagged}` };
  const matchers = formMatchersOf(forms);
  const names = [m.name ?? '', ...(m.names ?? [])];
  let found: { key: string; word: string } | undefined;
  for (const matcher of [matchers.specific, matchers.generic]) {
    for (const name of names) {
      found = firstWord(name, matcher);
      if (found) break;
    }
    if (found) break;
  }
  if (!found) return row.defaultForm ? { id: row.defaultForm, from: 'default' } : undefined;
  const form = formRow(row, found.key)!;
  const inPart = part ? form.inParts?.find((p) => p.parts.includes(part)) : undefined;
  return inPart ? { id: inPart.form, from: 'part', by: found.word } : { id: form.id, from: 'name', by: found.word };
}

const isRole = (v: string | undefined): v is RoleId => v !== undefined && (ROLE_IDS as readonly string[]).includes(v);

/** A material's job in `part`: its family (read once by the caller, or here), its form there and its role. */
export function jobOf(m: FamilyInput, part?: PartId, table: FamilyTable = MATERIAL_FAMILIES, family: FamilyOf = familyOf(m, table)): Job {
  const row = familyRow(family.id, table);
  const form = formOf(m, family.id, part, table);
  const tagged = tagOf(m.tags, ROLE_TAG);
  const f = formRow(row, form?.id);
  // A generic form its part did not decide (a brick: facing or backing) tells no role.
  const role = isRole(tagged) ? tagged : f && isGeneric(f) && form?.from !== 'part' ? undefined : (f?.role ?? row?.role);
  return {
    family: family.id,
    ...(part ? { part } : {}),
    ...(role ? { role } : {}),
    ...(form ? { form: form.id, formFrom: form.from, ...(form.by ? { formBy: form.by } : {}) } : {}),
  };
}

/** The job a family does (shared across raw materials for insulation), or the family itself. */
export const jobGroupOf = (family: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): string => familyRow(family, table)?.job ?? family;

/** A building part, a role and a form in the user's words. */
export const partLabel = (id: PartId, table: FamilyTable = MATERIAL_FAMILIES): Msg | string => table.parts.find((p) => p.id === id)?.label ?? id;
export const roleLabel = (id: RoleId): Msg => ROLE_LABELS[id];
export const formLabelOf = (family: FamilyId, id: string, table: FamilyTable = MATERIAL_FAMILIES): Msg | string => formRow(familyRow(family, table), id)?.label ?? id;

/** A job in words: "masonry, facing brick, in external walls" (what is known of it). */
export function jobWords(job: Job, table: FamilyTable = MATERIAL_FAMILIES): Msg {
  const family = familyLabel(job.family, table);
  const what = job.form ? msg('{0}, {1}', family, formLabelOf(job.family, job.form, table)) : family;
  return job.part ? msg('{0}, in {1}', what, partLabel(job.part, table)) : what;
}
