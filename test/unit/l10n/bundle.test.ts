// The Danish text is complete: every template the sources pass to l10n.t / msg, and every %key% of package.json,
// has a Danish entry, and no Danish entry is left over (scripts/l10n.js does the reading).
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as os from 'os';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

interface L10nTool {
  collect(root: string): { strings: Map<string, string[]>; problems: string[] };
  check(root: string): string[];
  write(root: string): number;
}
// Loaded at run time, not bundled: the tool needs the TypeScript compiler from node_modules.
const tool = createRequire(path.join(REPO_ROOT, 'package.json'))('./scripts/l10n.js') as L10nTool;

function tempRepo(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-l10n-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

describe('l10n: Danish entries for every text', function () {
  this.timeout(60_000);

  it('has a Danish entry for every l10n.t / msg template and %key%, and no entry without a source', () => {
    const problems = tool.check(REPO_ROOT);
    assert.deepStrictEqual(problems, [], `\n${problems.join('\n')}\n(add the Danish in l10n/bundle.l10n.da.json or package.nls.da.json; \`npm run l10n\` sorts)`);
  });

  it('finds templates passed through our own l10n module, vscode.l10n and core msg, and names calls it cannot read', () => {
    const root = tempRepo({
      'src/extension/a.ts': "import * as l10n from './l10n';\nexport const a = l10n.t('Saved {0}', 'x');\nexport const b = l10n.t(`Plain template`);\n",
      'src/extension/b.ts': "import * as vscode from 'vscode';\nconst name = 'x';\nexport const c = vscode.l10n.t('From vscode');\nexport const d = l10n.t(name);\n",
      'src/core/c.ts': "import { msg } from './l10n';\nexport const e = msg('{0} has no layers', 'Wall');\n",
    });
    const { strings, problems } = tool.collect(root);
    assert.deepStrictEqual([...strings.keys()].sort(), ['From vscode', 'Plain template', 'Saved {0}', '{0} has no layers']);
    assert.deepStrictEqual(strings.get('Saved {0}'), ['src/extension/a.ts:2']);
    assert.strictEqual(problems.length, 1);
    assert.match(problems[0], /^src\/extension\/b\.ts:4: l10n\.t\( needs a string literal/);
  });

  it('lists a missing Danish entry, a left-over one, a changed placeholder and a missing %key% by name', () => {
    const root = tempRepo({
      'src/extension/a.ts': "export const a = l10n.t('Saved {0}', 'x');\nexport const b = l10n.t('Open');\n",
      'l10n/bundle.l10n.da.json': '{\n  "Gone": "Væk",\n  "Saved {0}": "Gemt {1}"\n}\n',
      'package.json': JSON.stringify({ contributes: { commands: [{ command: 'lca.x', title: '%command.x%' }] } }),
      'package.nls.json': '{ "command.x": "Do X" }',
      'package.nls.da.json': '{}',
    });
    const text = tool.check(root).join('\n');
    assert.match(text, /has no entry for \(1\):\n {2}"Open" {2}\(src\/extension\/a\.ts:2\)/);
    assert.match(text, /has entries no source uses \(1\):\n {2}"Gone"/);
    assert.match(text, /placeholders differ[^\n]*\n {2}"Saved \{0\}" → "Gemt \{1\}"/);
    assert.match(text, /missing from package\.nls\.da\.json \(1\):\n {2}command\.x/);
    tool.write(root);
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(path.join(root, 'l10n', 'bundle.l10n.json'), 'utf8')), { Open: 'Open', 'Saved {0}': 'Saved {0}' });
  });
});
