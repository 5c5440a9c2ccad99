// The answer of lca_find_alternatives for a project — what would make it pass — as a model reads it, with its schema:
// the same figures as the dashboard's What if….
import { jobNames, type PassAnswer } from '../alternatives';
import { format } from '../l10n';
import type { Br18Verdict } from '../lca/br18Rules';
import type { Job } from '../jobs';
import { bool, eitherOf, FAMILY_PROPERTIES, familyOut, int, list, num, obj, round, sentence, str } from './shared';

/** A job as a model reads it: the building part, the role there and the form within the family (ids and names). */
export function jobOut(job: Job): Record<string, unknown> {
  const names = jobNames(job);
  return {
    ...(job.part && names.part ? { part: job.part, partName: format(names.part) } : {}),
    ...(job.role && names.role ? { role: job.role, roleName: format(names.role) } : {}),
    ...(job.form && names.form ? { form: job.form, formName: format(names.form) } : {}),
  };
}
export const JOB = obj({ part: str, partName: str, role: str, roleName: str, form: str, formName: str }, ['part', 'partName', 'role', 'roleName', 'form', 'formName']);

/** A verdict as a model reads it: the judged figure (rounded to one decimal, as BR18 compares), limit, margin, pass. */
function verdictOut(v: Br18Verdict): Record<string, unknown> {
  if (v.kind !== 'verdict') return { kind: 'none', reason: sentence(v.reason) };
  const side = (l: { value: number; limit: number; margin: number; passes: boolean }): Record<string, unknown> => ({ value: l.value, limit: l.limit, margin: l.margin, passes: l.passes });
  return { kind: 'verdict', building: side(v.building), ...(v.constructionProcess ? { constructionProcess: side(v.constructionProcess) } : {}) };
}

const side = obj({ value: num, limit: num, margin: num, passes: bool });
const verdictSchema = eitherOf(obj({ kind: { const: 'none' }, reason: str }), obj({ kind: { const: 'verdict' }, building: side, constructionProcess: side }, ['constructionProcess']));
const distanceSchema = obj({ building: num, constructionProcess: num }, ['building', 'constructionProcess']);
const CANDIDATE = obj({ replacement: str, id: str, source: str, change: num, after: verdictSchema, estimate: list(str), job: JOB, basis: str, worthChecking: str }, ['estimate', 'worthChecking']);

const change4 = (x: number): number => Number(x.toFixed(4));
const BUILD_UPS = obj({ construction: str, part: str, variants: list(obj({ name: str, source: str, change: num, after: verdictSchema, problem: str }, ['change', 'after', 'problem'])) });

/** The project question's answer as a model reads it: the same figures as the dashboard's What if…. */
export function passOut(a: PassAnswer): Record<string, unknown> {
  return {
    before: verdictOut(a.before),
    neededToPass: a.needed,
    hotSpots: a.hotSpots.map((h) => ({
      material: h.material,
      figure: round(h.figure),
      ...(h.family ? familyOut(h.family) : {}),
      candidates: h.candidates.map((c) => ({
        replacement: c.replacement.name,
        id: c.replacement.id,
        source: c.replacement.source,
        change: change4(c.change),
        after: verdictOut(c.effect.after.verdict),
        ...(c.effect.estimate.length ? { estimate: c.effect.estimate.map(sentence) } : {}),
        job: jobOut(c.job),
        basis: sentence(c.basis),
        ...(c.check ? { worthChecking: sentence(c.check) } : {}),
      })),
      ...(h.job ? { job: jobOut(h.job) } : {}),
      ...(h.buildUps?.length
        ? {
            buildUps: h.buildUps.map((b) => ({
              construction: b.construction,
              part: b.part,
              variants: b.options.map((o) => ('problem' in o.effect ? { name: o.name, source: o.source, problem: sentence(o.effect.problem) } : { name: o.name, source: o.source, change: change4(o.effect.change), after: verdictOut(o.effect.after.verdict) })),
            })),
          }
        : {}),
      otherFamiliesNotOffered: h.otherKinds,
      otherJobsNotOffered: h.otherJobs,
      ...(h.problem ? { problem: sentence(h.problem) } : {}),
    })),
    largestChanges: a.largest.map((c, i) => ({ number: i + 1, material: c.material, replacement: c.replacement.name, change: change4(c.change), after: verdictOut(c.effect.after.verdict) })),
    ...(a.combination
      ? {
          combination: {
            changes: a.combination.changes,
            passes: a.combination.passes,
            says: a.combination.passes
              ? `Passes with change${a.combination.changes.length > 1 ? 's' : ''} ${a.combination.changes.join(' + ')}`
              : `Even changes ${a.combination.changes.join(' + ')} together do not reach the limit`,
            after: verdictOut(a.combination.verdict),
            neededToPass: a.combination.needed,
          },
        }
      : {}),
    worthChecking: a.worthChecking.map((c) => ({
      material: c.material,
      replacement: c.replacement.name,
      change: change4(c.change),
      check: sentence(c.check),
      says: `${c.withCombination.passes ? 'Would pass' : 'Would still not pass'} with ${c.withCombination.changes.length ? `change${c.withCombination.changes.length > 1 ? 's' : ''} ${c.withCombination.changes.join(' + ')} and ` : ''}${c.material} → ${c.replacement.name}, once this is checked: ${format(c.check)}`,
      withChanges: c.withCombination.changes,
      after: verdictOut(c.withCombination.verdict),
    })),
  };
}

/** The properties passOut gives (combination only when a single change lowers a building that fails). */
export const PASS_PROPERTIES = {
  before: verdictSchema,
  neededToPass: distanceSchema,
  hotSpots: list(obj({ material: str, figure: num, ...FAMILY_PROPERTIES, job: JOB, candidates: list(CANDIDATE), otherFamiliesNotOffered: int, otherJobsNotOffered: int, problem: str, buildUps: list(BUILD_UPS) }, [...Object.keys(FAMILY_PROPERTIES), 'job', 'problem', 'buildUps'])),
  largestChanges: list(obj({ number: int, material: str, replacement: str, change: num, after: verdictSchema })),
  combination: obj({ changes: list(int), passes: bool, says: str, after: verdictSchema, neededToPass: distanceSchema }),
  worthChecking: list(obj({ material: str, replacement: str, change: num, check: str, says: str, withChanges: list(int), after: verdictSchema })),
};
