// The Disposable base of the editor layer (src/extension/disposable.ts): what an object registers is released with
// it, newest first and once; what it registers after its end is released at once.
import * as assert from 'assert';
import { Disposable } from '../../../src/extension/disposable';

class Owner extends Disposable {
  take<T extends { dispose(): void }>(d: T): T {
    return this.register(d);
  }

  get ended(): boolean {
    return this.isDisposed;
  }
}

function recorder(log: string[], name: string): { dispose(): void } {
  return { dispose: () => log.push(name) };
}

describe('Disposable base', () => {
  it('releases what was registered, newest first (a listener before the emitter it listens to)', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.take(recorder(log, 'emitter'));
    owner.take(recorder(log, 'listener'));
    assert.strictEqual(owner.ended, false);
    owner.dispose();
    assert.deepStrictEqual(log, ['listener', 'emitter']);
    assert.strictEqual(owner.ended, true);
  });

  it('releases each only once, however often it is disposed', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.take(recorder(log, 'watcher'));
    owner.dispose();
    owner.dispose();
    assert.deepStrictEqual(log, ['watcher']);
  });

  it('releases at once what is registered after its end, and returns it either way', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.dispose();
    const late = recorder(log, 'late');
    assert.strictEqual(owner.take(late), late);
    assert.deepStrictEqual(log, ['late']);
  });
});
