// How every feature registers a command, and the one failure policy of commands: a handler that throws ends in one
// error message — what failed and why — with the actions that help (Retry when retrying can help, re-running the
// command with the same arguments; Sign In after a 401; Open Log), and a line in the LCA log (showServiceError in
// ui.ts). Handlers therefore do not catch service failures themselves; they only show what is specific to them (a
// refusal before anything is sent, a 404 said in words) and let the rest throw. Every command of the manifest is
// registered here (ESLint refuses `vscode.commands.registerCommand` anywhere else).
import * as vscode from 'vscode';
import { createLog } from './log';
import { errorMessage, showServiceError } from './ui';

/** "LCA: Sign In": when it fails, its Retry asks again (whatever the failure) and no second Sign In is offered. */
export const SIGN_IN_COMMAND = 'lca.signIn';

/**
 * A failure a handler words itself, because what failed is only known inside it (e.g. the file or id it worked on):
 * `what` is shown instead of the command's own text, and Retry re-runs the command with `retryArgs` when given (e.g.
 * the file the first run resolved from the active editor) instead of the arguments of the first run.
 */
export class CommandFailure extends Error {
  constructor(
    readonly what: string,
    readonly reason: unknown,
    readonly retryArgs?: readonly unknown[],
  ) {
    super(`${what}: ${errorMessage(reason)}`);
  }
}

/**
 * Registers command `id`. When `failure` gives what failed (in the chosen language, read when it fails), a thrown
 * error is shown with it as above and the command resolves to undefined; without it, the error is logged and passed
 * on to VS Code (for commands that have nothing to say beyond VS Code's own message). A CommandFailure is always
 * shown with its own text.
 */
export function registerCommand<A extends unknown[], R>(
  id: string,
  handler: (...args: A) => R | Thenable<R>,
  failure?: () => string,
): vscode.Disposable {
  const run = async (...args: A): Promise<Awaited<R> | undefined> => {
    try {
      return await handler(...args);
    } catch (e) {
      const log = createLog();
      const described = e instanceof CommandFailure ? e : undefined;
      const what = described?.what ?? failure?.();
      if (what === undefined) {
        log.error(`${id}: ${errorMessage(e)}`);
        throw e;
      }
      const retryArgs = (described?.retryArgs ?? args) as A;
      void showServiceError(what, described ? described.reason : e, log, () => run(...retryArgs), id === SIGN_IN_COMMAND);
      return undefined;
    }
  };
  return vscode.commands.registerCommand(id, run);
}
