// A refusal of input (a path, a tool's argument) that says what to change: the tools' and the confinement's.

// Each lazy bundle holds its own copy of this module (the tools', the alternatives', the extension's): a mark that is
// the same in every copy keeps `instanceof InputError` true for an InputError of any of them.
const MARK = Symbol.for('lca-workbench.InputError');

/** A refusal the caller can act on: what to change (a path outside the workspace, a tool's bad input). Never a crash. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && MARK in value;
  }
}
Object.defineProperty(InputError.prototype, MARK, { value: true });
