// One source: the language-model tools package.json contributes are the core definitions — the same names, model
// descriptions and input schemas the MCP server lists — each with a display name in English and Danish; and the
// documentation's table of the tools lists them all, and the page states no count of them that could drift.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { TOOLS } from '../../../src/core/tools';
import { REPO_ROOT } from '../../fixtures/paths';

const read = (f: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')) as Record<string, unknown>;

describe('tools for agents: package.json contributes the core definitions', () => {
  const pkg = read('package.json') as { contributes: { languageModelTools: { name: string; modelDescription: string; inputSchema: unknown; displayName: string }[] } };
  const nls = read('package.nls.json');
  const da = read('package.nls.da.json');

  it('the same names, descriptions and schemas, in the same order', () => {
    const contributed = pkg.contributes.languageModelTools;
    assert.deepStrictEqual(contributed.map((t) => t.name), TOOLS.map((t) => t.name));
    for (const t of TOOLS) {
      const c = contributed.find((x) => x.name === t.name)!;
      assert.strictEqual(c.modelDescription, t.description, t.name);
      assert.deepStrictEqual(c.inputSchema, t.inputSchema, t.name);
    }
  });

  it('docs/tools-for-agents.md lists every tool, each once, in its table, and says no number of tools', () => {
    const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'tools-for-agents.md'), 'utf8');
    const rows = [...page.matchAll(/^\| `(lca_\w+)` \|/gm)].map((m) => m[1]);
    assert.deepStrictEqual(rows, TOOLS.map((t) => t.name));
    const counts = /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen)\s+(LCA\s+)?tools\b/i.exec(page);
    assert.strictEqual(counts, null, `the page counts the tools: "${counts?.[0]}"`);
  });

  it('each has a display name in English (the definition\'s title) and in Danish', () => {
    for (const t of TOOLS) {
      const key = pkg.contributes.languageModelTools.find((x) => x.name === t.name)!.displayName.replace(/%/g, '');
      assert.strictEqual(nls[key], t.title);
      assert.ok(typeof da[key] === 'string' && da[key] !== t.title, `${key} has no Danish`);
    }
  });
});
