// The New Project questions' helpers: each question's numbered title, and an input box for a number.
import { showInputBox } from '../ui';
import * as l10n from '../l10n';

/** Where the questions are: the number of the last one asked and the questions added to the base so far. */
export interface QuestionMark {
  readonly step: number;
  readonly more: number;
}

/**
 * The title of each question with its number in the flow: "New LCA project (3/13): …"; the total grows when an answer
 * adds questions (a date, the areas picked, the cross-check of the building's answers). Going back (`back` to a
 * `mark`) gives the questions asked again the numbers they had and drops what was added since: it adds no step.
 */
export function questionTitles(base: number) {
  let step = 0;
  let more = 0;
  return {
    title: (what: string): string => {
      step++;
      return l10n.t('New LCA project ({0}/{1}): {2}', step, Math.max(step, base + more), what);
    },
    more: (questions = 1): void => {
      more += questions;
    },
    mark: (): QuestionMark => ({ step, more }),
    back: (to: QuestionMark): void => {
      ({ step, more } = to);
    },
  };
}
export type Questions = ReturnType<typeof questionTitles>;

/** A number typed in an input box (a comma as decimal separator is accepted); undefined when cancelled. */
export async function askNumber(title: string, prompt: string, value: number | undefined, limits: { min?: number; exclusiveMin?: boolean; integer?: boolean }): Promise<number | undefined> {
  const parse = (v: string): number => Number(v.trim().replace(/\s/g, '').replace(',', '.'));
  const answer = await showInputBox({
    title,
    prompt,
    value: value === undefined ? '' : String(value),
    validateInput: (v) => {
      const n = parse(v);
      if (!v.trim() || !Number.isFinite(n)) return l10n.t('Enter a number');
      if (limits.integer && !Number.isInteger(n)) return l10n.t('Enter a whole number');
      if (limits.min !== undefined && (limits.exclusiveMin ? n <= limits.min : n < limits.min)) {
        return limits.exclusiveMin ? l10n.t('Enter a number above {0}', limits.min) : l10n.t('Enter a number of at least {0}', limits.min);
      }
      return undefined;
    },
  });
  return answer === undefined ? undefined : parse(answer);
}
