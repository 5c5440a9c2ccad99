// The loader VS Code starts (src/extension/boot.ts): dist/main.js loaded as require would load it, compiled with the
// V8 code cache of the previous activation when there is one; a missing, refused or unwritable cache only costs the
// compile it would have saved.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { codeCacheFile, loadWithCodeCache } from '../../../src/extension/boot';

function bundleIn(dir: string, answer = 42): string {
  fs.mkdirSync(dir, { recursive: true });
  // A relative require, __dirname and module.exports, as the esbuild bundle uses them.
  fs.writeFileSync(path.join(dir, 'dep.js'), 'exports.twice = (n) => 2 * n;\n');
  const file = path.join(dir, 'main.js');
  fs.writeFileSync(file, `const dep = require('./dep.js');\nmodule.exports = { answer: dep.twice(${answer / 2}), dir: __dirname, file: __filename };\n//# sourceMappingURL=main.js.map\n`);
  return file;
}

describe('extension loader: V8 code cache', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-boot-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('loads the bundle as require would, writes the cache once, and uses it the next time', () => {
    const file = bundleIn(path.join(tmp, 'dist'));
    const storage = path.join(tmp, 'storage');
    const first = loadWithCodeCache(file, storage);
    assert.deepStrictEqual(first.exports, { answer: 42, dir: path.dirname(file), file });
    assert.strictEqual(first.cacheUsed, false);
    assert.strictEqual(first.writeCache(), true);
    assert.ok(fs.statSync(codeCacheFile(file, storage)).size > 0);

    const second = loadWithCodeCache(file, storage);
    assert.deepStrictEqual(second.exports, { answer: 42, dir: path.dirname(file), file });
    assert.strictEqual(second.cacheUsed, true, 'the cache of the previous load is used');
    assert.strictEqual(second.writeCache(), false, 'nothing to write');
  });

  it('ignores a damaged cache and replaces it', () => {
    const file = bundleIn(path.join(tmp, 'dist'));
    const storage = path.join(tmp, 'storage');
    fs.mkdirSync(storage);
    fs.writeFileSync(codeCacheFile(file, storage), 'not a V8 code cache');
    const loaded = loadWithCodeCache(file, storage);
    assert.strictEqual((loaded.exports as { answer: number }).answer, 42);
    assert.strictEqual(loaded.cacheUsed, false);
    assert.strictEqual(loaded.writeCache(), true);
    assert.strictEqual(loadWithCodeCache(file, storage).cacheUsed, true);
  });

  it('a new build gets its own cache and the old one is removed', () => {
    const dist = path.join(tmp, 'dist');
    const storage = path.join(tmp, 'storage');
    const file = bundleIn(dist);
    loadWithCodeCache(file, storage).writeCache();
    const before = fs.readdirSync(storage);
    bundleIn(dist, 4200); // another size: another build
    const rebuilt = loadWithCodeCache(file, storage);
    assert.strictEqual((rebuilt.exports as { answer: number }).answer, 4200);
    assert.strictEqual(rebuilt.cacheUsed, false);
    assert.ok(rebuilt.writeCache());
    const after = fs.readdirSync(storage);
    assert.strictEqual(after.length, 1);
    assert.notDeepStrictEqual(after, before);
  });

  it('storage that cannot be written: the bundle still loads and writing says no, without throwing', () => {
    const file = bundleIn(path.join(tmp, 'dist'));
    const storage = path.join(tmp, 'a-file');
    fs.writeFileSync(storage, 'not a folder');
    const loaded = loadWithCodeCache(file, storage);
    assert.strictEqual((loaded.exports as { answer: number }).answer, 42);
    assert.strictEqual(loaded.writeCache(), false);
  });

  it('an error thrown by the bundle itself reaches the caller (the loader then falls back to require)', () => {
    const dir = path.join(tmp, 'dist');
    fs.mkdirSync(dir);
    const file = path.join(dir, 'main.js');
    fs.writeFileSync(file, "throw new Error('broken bundle');\n");
    assert.throws(() => loadWithCodeCache(file, path.join(tmp, 'storage')), /broken bundle/);
  });
});
