// The production extension bundle stays lean: the local service (graphql, seed data, routes) and ajv with the
// schemas live in their own bundles (dist/service.js, dist/validation.js), loaded only when used.
import * as assert from 'assert';
import { createRequire } from 'module';
import * as path from 'path';
import type { BuildOptions, Metafile } from 'esbuild';
import { REPO_ROOT } from '../fixtures/paths';

const load = createRequire(__filename);
const esbuild = load('esbuild') as typeof import('esbuild');
const { configs } = load(path.join(REPO_ROOT, 'esbuild.js')) as { configs(o: { production: boolean }): BuildOptions[] };

describe('production extension bundle', function () {
  this.timeout(120_000);
  let size = 0;
  let inputs: string[] = [];

  before(async () => {
    const extension = configs({ production: true }).find((c) => JSON.stringify(c.entryPoints).includes('src/extension/extension.ts'));
    assert.ok(extension, 'esbuild.js builds the extension');
    const built = await esbuild.build({ ...extension, absWorkingDir: REPO_ROOT, write: false, metafile: true, logLevel: 'silent' });
    const js = built.outputFiles.find((f) => f.path.endsWith('extension.js'));
    assert.ok(js, 'dist/extension.js built');
    size = js.contents.length;
    const outputs = (built.metafile as Metafile).outputs;
    inputs = Object.keys(outputs[Object.keys(outputs).find((o) => o.endsWith('extension.js'))!].inputs);
  });

  // Issue #15's goal is ≤ 250 KB. With Push Material, identities, codes per environment and the import commands it
  // is 267 KB (the importers themselves are in dist/import.js): the budget guards against growth until the command
  // layers load lazily too. README, Performance, says the goal is missed.
  it('is at most 270 KB minified (goal 250 KB)', () => {
    assert.ok(size <= 270 * 1024, `dist/extension.js is ${(size / 1024).toFixed(1)} KB`);
  });

  it('holds no code of the local service, graphql, ajv or the schema documents', () => {
    const heavy = inputs.filter((i) => /^src\/service\/|node_modules\/(graphql|ajv|ajv-formats|fast-uri)\/|^schemas\/|src\/core\/schemas\/validation\.ts$/.test(i));
    assert.deepStrictEqual(heavy, []);
  });
});
