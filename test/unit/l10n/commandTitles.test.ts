// The palette's titles of commands that ask something before they act end with "…", in English and in Danish, as
// VS Code's own do ("Open File…"): the person knows a question follows.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

const read = <T>(f: string): T => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')) as T;
const manifest = read<{ contributes: { commands: { command: string; title: string }[] } }>('package.json');

/** Commands that ask (a project, files, a target) before they do anything. */
const ASKING = ['lca.checkBeforeSubmission', 'lca.exportBr18Documentation', 'lca.exportLcabygComponent', 'lca.exportLcax', 'lca.importEpds', 'lca.findAlternatives'];

describe('command titles: a command that asks ends with "…"', () => {
  for (const [lang, file] of [['en', 'package.nls.json'], ['da', 'package.nls.da.json']] as const) {
    it(`in ${lang}`, () => {
      const nls = read<Record<string, string>>(file);
      const titles = ASKING.map((id) => {
        const c = manifest.contributes.commands.find((x) => x.command === id);
        assert.ok(c, `${id} is a command of package.json`);
        return [id, c.title.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? assert.fail(`${file} has no ${k}`))];
      });
      assert.deepStrictEqual(titles.filter(([, t]) => !t.endsWith('…')), []);
    });
  }
});
