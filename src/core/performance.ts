// Equal performance: whether a candidate does the current material's job in the same building part, and on what
// basis — the same form (a facing brick for a facing brick, a 3-pane unit for a 3-pane unit), a strength class or an
// element's thickness at least the current one's, or (insulation, one job across raw materials) equal thermal
// resistance, the amount scaled by λ of the candidate over λ of the current material. Where the basis is not known
// on both sides, the candidate is worth checking, with what to check. Pure: the table is an argument.
import { familyOf, MATERIAL_FAMILIES, tagValue, type FamilyForm, type FamilyId, type FamilyInput, type FamilyOf, type FamilyTable, type MaterialFamily, type PartId, type PerformanceBasis } from './families';
import { familyRow, formRow, jobGroupOf, jobOf, roleLabel, type Job } from './jobs';
import { msg, type Msg } from './l10n';

/** A material as the judgement reads it: its names and tags, and its family read once. */
export interface JobMaterial {
  m: FamilyInput;
  family: FamilyOf;
}

/** How the candidate's amount and performance compare: in words, with the factor on the amount when there is one. */
export interface Basis {
  kind: PerformanceBasis['kind'] | 'none';
  words: Msg;
  /** The candidate's amount over the current one's (equal thermal resistance: λ candidate / λ current). */
  factor?: number;
}

export type JobVerdict =
  /** The same job at the same performance: nothing open. */
  | { kind: 'same'; job: Job; basis: Basis }
  /** The same job, but what decides the performance is not known for both (or is lower): what to check. */
  | { kind: 'check'; job: Job; basis: Basis; check: Msg }
  /** Another family that does another job (not counted as a candidate of the job). */
  | { kind: 'other-kind' }
  /** The same family, but another form or role (a deck element for a wall element, loose fill for boards). */
  | { kind: 'other-job'; why: Msg };

const round3 = (x: number): number => Number(x.toFixed(3));

/** A number written with a comma or a point. */
const decimal = (s: string): number => Number(s.replace(',', '.'));

/** W/(m·K) from "0.037", "0,037", "037", "37". */
function lambdaValue(s: string): number | undefined {
  const v = /[.,]/.test(s) ? decimal(s) : Number(s) / 1000;
  return Number.isFinite(v) && v >= 0.015 && v <= 0.2 ? v : undefined;
}

const LAMBDA_WORD = /(?:λ|lambda|wlg|wls)\s*[dD]?\s*[=:]?\s*(\d+(?:[.,]\d+)?)/iu;
/** A bare λ class: "EPS 035", "W/D-035" (three digits starting with 0, no other digits around it). */
const LAMBDA_CLASS = /(?:^|[^\d.,/])(0[1-7]\d)(?![\d.,])/u;

/** The thermal conductivity a name states (its λ class such as "035"), in W/(m·K). */
export function lambdaOfName(name: string): number | undefined {
  const word = LAMBDA_WORD.exec(name);
  if (word) return lambdaValue(word[1]);
  const cls = LAMBDA_CLASS.exec(name);
  return cls ? lambdaValue(cls[1]) : undefined;
}

/** The tag that states a material's thermal conductivity: `lambda:0.037` (W/(m·K)). */
export const LAMBDA_TAG = 'lambda:';

/** A material's λ and where it was read: its `lambda:` tag, its name's λ class, else the stated default of its product type. */
export function lambdaOf(m: FamilyInput, job: Job, table: FamilyTable = MATERIAL_FAMILIES): { value: number; from: 'tag' | 'name' | 'default'; source?: string } | undefined {
  for (const t of m.tags ?? []) {
    const v = lambdaValue(tagValue(t, LAMBDA_TAG, 'λ:') ?? '');
    if (v !== undefined) return { value: v, from: 'tag' };
  }
  for (const name of [m.name ?? '', ...(m.names ?? [])]) {
    const v = lambdaOfName(name);
    if (v !== undefined) return { value: v, from: 'name' };
  }
  const names = [m.name ?? '', ...(m.names ?? [])].join(' ').toLowerCase();
  const hasWord = (w: string): boolean => names.includes(w);
  const d = table.lambdas.find((l) => l.family === job.family && (l.form === undefined || l.form === job.form) && (!l.words || l.words.some(hasWord)));
  return d ? { value: d.value, from: 'default', source: d.source } : undefined;
}

/** A concrete's strength class from its name ("C30/37" → 30, the characteristic cylinder strength in MPa). */
export function strengthOf(name: string): { value: number; text: string } | undefined {
  const m = /(?<![A-Za-z])C\s?(\d{2,3})\s?\/\s?(\d{2,3})(?!\d)/.exec(name);
  return m ? { value: Number(m[1]), text: `C${m[1]}/${m[2]}` } : undefined;
}

/** An element's thickness from its name, in m ("22 cm", "220 mm", "TT60" → 0.6). */
export function thicknessOf(name: string): { value: number; text: string } | undefined {
  const m = /(\d+(?:[.,]\d+)?)\s*(mm|cm)(?![\p{L}])/iu.exec(name);
  if (m) return { value: decimal(m[1]) / (m[2].toLowerCase() === 'mm' ? 1000 : 100), text: `${m[1]} ${m[2]}` };
  const tt = /(?<![\p{L}])TTS?\s?(\d{2,3})(?!\d)/iu.exec(name);
  return tt ? { value: Number(tt[1]) / 100, text: tt[0] } : undefined;
}

const nameOf = (j: JobMaterial): string => j.m.name || '?';
const formLabel = (f: FamilyForm | undefined, id: string | undefined): Msg | string => f?.label ?? id ?? '?';

/** Whether a candidate's form stands for the current one's, or what is open, or why it does another job. */
function formsAgree(subject: JobMaterial, candidate: JobMaterial, s: Job, c: Job, row: MaterialFamily | undefined, table: FamilyTable): { ok: true } | { check: Msg } | { other: Msg } {
  if (!row?.forms?.length && s.family === c.family) return { ok: true };
  const sf = formRow(row, s.form) ?? formRow(familyRow(s.family, table), s.form);
  const cf = formRow(familyRow(c.family, table), c.form);
  if (s.form === undefined && c.form === undefined) return { ok: true };
  if (s.form === undefined) return { check: msg('whether {0} is a {1}: its name tells no form', nameOf(subject), formLabel(cf, c.form)) };
  if (c.form === undefined) return { check: msg('whether {0} is a {1}: its name tells no form', nameOf(candidate), formLabel(sf, s.form)) };
  if (s.form === c.form || cf?.standsFor?.includes(s.form)) return { ok: true };
  if (sf?.mayBe?.includes(c.form)) return { check: msg('whether {0} is a {1}', nameOf(subject), formLabel(cf, c.form)) };
  if (cf?.mayBe?.includes(s.form)) return { check: msg('whether {0} is a {1}', nameOf(candidate), formLabel(sf, s.form)) };
  return { other: msg('a {0}, not a {1}', formLabel(cf, c.form), formLabel(sf, s.form)) };
}

/** What decides equal performance once the job is the same. */
function performance(subject: JobMaterial, candidate: JobMaterial, s: Job, c: Job, table: FamilyTable): { basis: Basis; check?: Msg } {
  const row = familyRow(s.family, table);
  const basis = formRow(row, s.form)?.basis ?? row?.basis;
  const sName = nameOf(subject);
  const cName = nameOf(candidate);
  if (!basis) {
    const none: Basis = { kind: 'none', words: msg('the same amount') };
    return row?.check ? { basis: none, check: row.check } : { basis: none };
  }
  switch (basis.kind) {
    case 'form':
      return { basis: { kind: 'form', words: msg('the same form ({0})', formLabel(formRow(row, s.form), s.form)) } };
    case 'lambda': {
      const ls = lambdaOf(subject.m, s, table);
      const lc = lambdaOf(candidate.m, c, table);
      const said = (l: NonNullable<typeof ls>): Msg =>
        l.from === 'tag' ? msg('λ {0} (its tag)', l.value) : l.from === 'name' ? msg('λ {0} (its name)', l.value) : msg('λ {0} (stated default, {1})', l.value, l.source ?? '');
      if (!ls || !lc) {
        const unknown = !ls ? sName : cName;
        return { basis: { kind: 'lambda', words: msg('equal thermal resistance') }, check: msg('the thermal conductivity (λ) of {0} is not known: the thickness for the same thermal resistance cannot be worked out (set it with a tag such as lambda:0.037)', unknown) };
      }
      const factor = lc.value / ls.value;
      return { basis: { kind: 'lambda', factor, words: msg('equal thermal resistance: {0} for {1}, the amount × {2}', said(lc), said(ls), round3(factor)) } };
    }
    case 'grade':
    case 'thickness': {
      const read = basis.kind === 'grade' ? strengthOf : thicknessOf;
      const gs = read(sName);
      const gc = read(cName);
      if (!gs || !gc) return { basis: { kind: basis.kind, words: basis.what }, check: msg('{0}: not stated for {1}', basis.what, !gs ? sName : cName) };
      const words = msg('{0}: {1} for {2}', basis.what, gc.text, gs.text);
      return gc.value + 1e-9 >= gs.value ? { basis: { kind: basis.kind, words } } : { basis: { kind: basis.kind, words }, check: msg('{0}: {1} against {2}', basis.what, gc.text, gs.text) };
    }
  }
}

/** The verdict in one building part (or none known), the subject's job there read once. */
function judgeIn(subject: JobMaterial, s: Job, candidate: JobMaterial, table: FamilyTable): JobVerdict {
  const c = jobOf(candidate.m, s.part, table, candidate.family);
  if (jobGroupOf(s.family, table) !== jobGroupOf(c.family, table)) return { kind: 'other-kind' };
  const forms = formsAgree(subject, candidate, s, c, familyRow(s.family, table), table);
  if ('other' in forms) return { kind: 'other-job', why: forms.other };
  if (s.role && c.role && s.role !== c.role) return { kind: 'other-job', why: msg('it plays another role ({0}, not {1})', roleLabel(c.role), roleLabel(s.role)) };
  const p = performance(subject, candidate, s, c, table);
  const check = 'check' in forms ? forms.check : p.check;
  return check ? { kind: 'check', job: c, basis: p.basis, check } : { kind: 'same', job: c, basis: p.basis };
}

/**
 * The judge of candidates for `subject` in `parts` (the parts its lines are in; none known: []): another job in any
 * part is another job; a check open in any is open. A subject of unknown family: every candidate is worth checking.
 */
export function jobJudge(subject: JobMaterial, parts: readonly PartId[], table: FamilyTable = MATERIAL_FAMILIES): (candidate: JobMaterial) => JobVerdict {
  if (subject.family.id === 'unknown') {
    const check = msg('whether it does the job of {0}: its family is not known (set one with a tag such as family:masonry)', nameOf(subject));
    return (candidate) => ({ kind: 'check', job: jobOf(candidate.m, parts[0], table, candidate.family), basis: { kind: 'none', words: msg('the same amount') }, check });
  }
  const jobs = (parts.length ? parts : [undefined]).map((part) => jobOf(subject.m, part, table, subject.family));
  return (candidate) => {
    let open: JobVerdict | undefined;
    for (const s of jobs) {
      const v = judgeIn(subject, s, candidate, table);
      if (v.kind === 'other-kind' || v.kind === 'other-job') return v;
      if (!open || (open.kind === 'same' && v.kind === 'check')) open = v;
    }
    return open!;
  };
}

/** Whether `candidate` does `subject`'s job in `parts`, and on what basis (one candidate: jobJudge for many). */
export function judgeJob(subject: JobMaterial, candidate: JobMaterial, parts: readonly PartId[], table: FamilyTable = MATERIAL_FAMILIES): JobVerdict {
  return jobJudge(subject, parts, table)(candidate);
}

/** The subject's own job in its first part (what the answers say it is). */
export function subjectJob(subject: JobMaterial, parts: readonly PartId[], table: FamilyTable = MATERIAL_FAMILIES): Job {
  return jobOf(subject.m, parts[0], table, subject.family);
}

/** A material as the judgement reads it, its family read now when not given. */
export const jobMaterial = (m: FamilyInput, family?: FamilyOf | FamilyId, table: FamilyTable = MATERIAL_FAMILIES): JobMaterial => ({
  m,
  family: family === undefined ? familyOf(m, table) : typeof family === 'string' ? { id: family, from: 'tag' } : family,
});
