// A refusal is one class across the bundles: the editor's workspace confines its reads with the InputError of another
// bundle than the tools' (every lazy bundle has its own copy of src/core/workspace/inputError.ts), and the tools still answer
// it as a refusal — its message as it is — not as a failure of the tool.
import * as assert from 'assert';
import { createRequire } from 'module';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { InputError } from '../../../src/core/workspace/inputError';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, runTool, type ToolContext } from '../../../src/core/tools';
import { REPO_ROOT } from '../../fixtures/paths';
import { EPD_URL, makeWorkspace } from './support';

/** Another copy of src/core/workspace/inputError.ts, bundled on its own as a lazy bundle holds it. */
function otherCopy(): typeof InputError {
  const esbuild = createRequire(path.join(REPO_ROOT, 'package.json'))('esbuild') as typeof import('esbuild');
  const built = esbuild.buildSync({ entryPoints: [path.join(REPO_ROOT, 'src/core/workspace/inputError.ts')], bundle: true, write: false, format: 'cjs', platform: 'node' });
  const module = { exports: {} as { InputError: typeof InputError } };
  new Function('module', 'exports', built.outputFiles[0].text)(module, module.exports);
  return module.exports.InputError;
}

describe('tools for agents: an input error of another bundle', () => {
  const Other = otherCopy();

  it('is another class object, and an instance of this one (and the other way round)', () => {
    assert.notStrictEqual(Other, InputError);
    assert.ok(new Other('x') instanceof InputError);
    assert.ok(new InputError('x') instanceof Other);
    assert.ok(!(new Error('x') instanceof InputError));
    assert.ok(!({ message: 'x' } instanceof InputError));
  });

  it('is answered by runTool as a refusal with its message', async () => {
    const root = makeWorkspace();
    const disk = diskWorkspace([root]);
    const message = 'The path "walls/concrete.construction.json" is outside the workspace: give a path inside it.';
    const ctx: ToolContext = {
      workspace: { ...disk, isFolder: () => Promise.reject(new Other(message)) },
      codes: ASSUMED_CODES,
      rules: BR18_RULES,
      environment: { name: 'Local', epdUrl: EPD_URL },
    };
    assert.deepStrictEqual(await runTool('lca_check_files', { paths: ['walls/concrete.construction.json'] }, ctx), { text: message, isError: true });
  });
});
