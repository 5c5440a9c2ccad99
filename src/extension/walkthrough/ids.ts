// The Get Started walkthroughs' ids and the context keys their `when` clauses and completion events read. No vscode:
// the manifest's unit test reads them too (test/unit/l10n/walkthrough.test.ts), and `npm run l10n` writes the Danish
// walkthrough of package.json with the same ids and keys (scripts/l10n.js).

/** The extension as VS Code names it (`<publisher>.<name>`). */
export const EXTENSION_ID = 'lca-workbench.lca-workbench';

/**
 * One walkthrough per language of the extension (`lca.language`): VS Code ships no Danish display language, so the
 * manifest's own translation (package.nls.da.json) cannot show a Danish walkthrough; the Danish one is its own.
 */
export const WALKTHROUGHS = { en: 'lca.getStarted', da: 'lca.getStarted.da' } as const;

/** The context key the extension sets to its language ('da' or 'en'); each walkthrough's `when` reads it. */
export const LANGUAGE_CONTEXT = 'lca.uiLanguage';

export const STEPS = ['signIn', 'dashboard', 'construction', 'import', 'alternatives', 'agents'] as const;
export type WalkthroughStep = (typeof STEPS)[number];

/**
 * The context key set when a step's action succeeded (a dashboard shown, an import written, …): its completion event,
 * so that a step is ticked only when what it shows worked. The sign-in step reads `lca.signedIn`.
 */
export function stepDoneContext(step: Exclude<WalkthroughStep, 'signIn'>): string {
  return `lca.getStarted.done.${step}`;
}

/** A step's id in a walkthrough (`lca.getStarted.signIn`, `lca.getStarted.da.signIn`). */
export function stepId(walkthrough: string, step: WalkthroughStep): string {
  return `${walkthrough}.${step}`;
}
