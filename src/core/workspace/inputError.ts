// A refusal of input (a path, a tool's argument) that says what to change: the tools' and the confinement's.
/** A refusal the caller can act on: what to change (a path outside the workspace, a tool's bad input). Never a crash. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}
