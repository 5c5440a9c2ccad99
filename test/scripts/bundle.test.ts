// The production extension bundle stays lean: the local service (graphql, seed data, routes), ajv with the schemas,
// the importers and the rarely used command layers live in their own bundles, loaded only when used — and those lazy
// bundles carry no copy of a module whose state the rest of the extension reads.
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import type { BuildOptions, Metafile } from 'esbuild';
import { REPO_ROOT } from '../fixtures/paths';

const load = createRequire(__filename);
const esbuild = load('esbuild') as typeof import('esbuild');
const { configs, LAZY_BUNDLES } = load(path.join(REPO_ROOT, 'esbuild.js')) as { configs(o: { production: boolean }): BuildOptions[]; LAZY_BUNDLES: Record<string, string> };

/** Size and input files of the production bundle built from `entry`. */
async function built(entry: string): Promise<{ size: number; inputs: string[]; requires: string[] }> {
  const config = configs({ production: true }).find((c) => Object.values(c.entryPoints as Record<string, string>).includes(entry));
  assert.ok(config, `esbuild.js builds ${entry}`);
  const result = await esbuild.build({ ...config, absWorkingDir: REPO_ROOT, write: false, metafile: true, logLevel: 'silent' });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  assert.ok(js, `${entry} built`);
  const outputs = (result.metafile as Metafile).outputs;
  const output = outputs[Object.keys(outputs).find((o) => o.endsWith('.js'))!];
  return { size: js.contents.length, inputs: Object.keys(output.inputs), requires: output.imports.filter((i) => i.external).map((i) => i.path) };
}

describe('production extension bundle', function () {
  this.timeout(120_000);
  let extension: { size: number; inputs: string[]; requires: string[] };

  before(async () => {
    extension = await built('src/extension/extension.ts');
  });

  it('is loaded by dist/extension.js, a loader of a few KB that bundles nothing but itself (V8 code cache, src/extension/boot.ts)', async () => {
    const loader = await built('src/extension/boot.ts');
    assert.ok(loader.size < 4 * 1024, `dist/extension.js is ${loader.size} bytes`);
    assert.deepStrictEqual(loader.inputs, ['src/extension/boot.ts']);
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { main: string };
    assert.strictEqual(manifest.main, './dist/extension.js');
  });

  it('is at most 250 KB minified', () => {
    assert.ok(extension.size <= 250 * 1024, `dist/main.js (the extension dist/extension.js loads) is ${(extension.size / 1024).toFixed(1)} KB`);
  });

  it('holds no code of the local service, graphql, ajv or the schema documents', () => {
    const heavy = extension.inputs.filter((i) => /^src\/service\/|node_modules\/(graphql|ajv|ajv-formats|fast-uri)\/|^schemas\/|src\/core\/schemas\/validation\.ts$/.test(i));
    assert.deepStrictEqual(heavy, []);
  });

  it('requires the import and bulk-create commands from their own bundles instead of holding them', () => {
    const commandLayers = extension.inputs.filter((i) => /^src\/extension\/(import\/(index|spreadsheetCommand|spreadsheetMapping)|bulk\/(?!(register|names)\.ts$)[^/]+)\.ts$|^src\/core\/bulk\/(report|sidecarFile)\.ts$/.test(i));
    assert.deepStrictEqual(commandLayers, []);
    for (const name of ['bulkCommands', 'importCommands', 'validation']) assert.ok(extension.requires.includes(`./${name}.js`), `dist/extension.js requires ./${name}.js: ${extension.requires.join(', ')}`);
  });

  // A lazy bundle has its own copy of every module it bundles: a copy of ui.ts would keep messages and scripted answers
  // the tests never see, a copy of the code table would check against the assumed codes instead of the environment's.
  for (const [name, entry] of Object.entries(LAZY_BUNDLES)) {
    it(`dist/${name}.js holds no copy of ui.ts, log.ts, the code table or the rules`, async () => {
      const { inputs } = await built(entry);
      const stateful = inputs.filter((i) => /^src\/extension\/(ui|log|extension)\.ts$|^src\/core\/codeTable\.ts$|^src\/core\/rules\//.test(i));
      assert.deepStrictEqual(stateful, []);
    });
  }
});
