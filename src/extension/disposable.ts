// The one way an object of the editor layer owns what it creates: it extends Disposable and registers each emitter,
// watcher, listener and child it makes; dispose() releases them, newest first, once.
import type * as vscode from 'vscode';

export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];
  private disposedValue = false;

  /** Whether dispose() has run. */
  protected get isDisposed(): boolean {
    return this.disposedValue;
  }

  /** Takes `d` to dispose with this object (at once, when this object is already disposed); returns it. */
  protected register<T extends vscode.Disposable>(d: T): T {
    if (this.disposedValue) d.dispose();
    else this.owned.push(d);
    return d;
  }

  dispose(): void {
    if (this.disposedValue) return;
    this.disposedValue = true;
    // Newest first: a listener goes before the emitter or watcher it listens to.
    for (const d of this.owned.splice(0).reverse()) d.dispose();
  }
}
