// The Get Started walkthroughs (package.json contributes.walkthroughs): an English one and a Danish one, each shown by
// its `when` exactly when the extension's language is its own (VS Code ships no Danish display language, so the
// manifest's translation cannot show Danish under `lca.language: da`); every text of the Danish one is package.nls.da.json's
// Danish for the English one's key; each language's step image exists and is a small JPEG the .vsix takes in; both run
// the same commands; and a step is ticked only by the context key the extension sets when its action succeeded.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';
import { LANGUAGE_CONTEXT, STEPS, stepDoneContext, stepId, WALKTHROUGHS } from '../../../src/extension/walkthrough/ids';

interface Step { id: string; title: string; description: string; media: { markdown?: string; image?: string; altText?: string }; completionEvents?: string[] }
interface Walkthrough { id: string; title: string; description: string; when?: string; steps: Step[] }

const read = <T>(f: string): T => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')) as T;
const manifest = read<{ contributes: { walkthroughs?: Walkthrough[]; commands: { command: string }[] } }>('package.json');
const en = read<Record<string, string>>('package.nls.json');
const da = read<Record<string, string>>('package.nls.da.json');
const key = (s: string): string => /^%(.+)%$/.exec(s)?.[1] ?? assert.fail(`"${s}" is not a %key%`);
const commandsOf = (text: string): string[] => [...text.matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1]);

/** A `when` clause of `==`, `!=`, `&&` and `||` (what the walkthroughs use), evaluated over context values. */
function holds(when: string, context: Record<string, string | undefined>): boolean {
  return when.split('||').some((all) =>
    all.split('&&').every((term) => {
      const m = /^\s*([\w.]+)\s*(==|!=)\s*([\w.]+)\s*$/.exec(term) ?? assert.fail(`cannot read "${term}"`);
      return (context[m[1]] === m[3]) === (m[2] === '==');
    }),
  );
}

describe('walkthrough: Get Started in English and in Danish', () => {
  const walkthroughs = manifest.contributes.walkthroughs ?? [];
  const english = walkthroughs.find((w) => w.id === WALKTHROUGHS.en)!;
  const danish = walkthroughs.find((w) => w.id === WALKTHROUGHS.da)!;

  it('contributes an English and a Danish walkthrough, each with the six steps of the first ten minutes', () => {
    assert.ok(english, `contributes.walkthroughs has ${WALKTHROUGHS.en}`);
    assert.ok(danish, `contributes.walkthroughs has ${WALKTHROUGHS.da}`);
    for (const w of [english, danish]) assert.deepStrictEqual(w.steps.map((s) => s.id), STEPS.map((s) => stepId(w.id, s)));
  });

  it('shows the Danish one exactly when the extension\'s language is Danish (its context key; before it is set, the setting)', () => {
    for (const ui of [undefined, 'en', 'da']) {
      for (const setting of [undefined, 'auto', 'en', 'da']) {
        const context = { [LANGUAGE_CONTEXT]: ui, 'config.lca.language': setting };
        const danishShown = holds(danish.when ?? '', context);
        assert.strictEqual(holds(english.when ?? '', context), !danishShown, `one walkthrough at a time: ${JSON.stringify(context)}`);
        assert.strictEqual(danishShown, ui === 'da' || setting === 'da', JSON.stringify(context));
      }
    }
  });

  it('has an English and a Danish text for every title and description, the Danish walkthrough package.nls.da.json\'s', () => {
    const problems: string[] = [];
    const pairs: [string, string][] = [
      [english.title, danish.title],
      [english.description, danish.description],
      ...english.steps.flatMap((s, i): [string, string][] => [
        [s.title, danish.steps[i].title],
        [s.description, danish.steps[i].description],
        [s.media.image!, danish.steps[i].media.image!],
        [s.media.altText!, danish.steps[i].media.altText!],
      ]),
    ];
    for (const [k, shown] of pairs.map(([e, d]) => [key(e), d])) {
      if (!en[k]) problems.push(`${k}: no English text`);
      if (!da[k]) problems.push(`${k}: no Danish text`);
      else if (da[k] === en[k] && !k.endsWith('.image')) problems.push(`${k}: the Danish text is the English one`);
      if (shown !== da[k]) problems.push(`${k}: the Danish walkthrough shows "${shown.slice(0, 40)}…", not package.nls.da.json's text (npm run l10n writes it)`);
    }
    assert.deepStrictEqual(problems, []);
  });

  it('gives each step a button that runs a command, the same commands in Danish; the sample\'s steps and the Chat run their own', () => {
    const own = new Set(manifest.contributes.commands.map((c) => c.command));
    const buttons = english.steps.map((step, i) => {
      const commands = commandsOf(en[key(step.description)]);
      assert.ok(commands.length > 0, `${step.id} has a command button`);
      assert.deepStrictEqual(commandsOf(danish.steps[i].description), commands, `${step.id}: the Danish buttons run the English ones' commands`);
      for (const c of commands.filter((c) => c.startsWith('lca.'))) assert.ok(own.has(c), `${step.id}: ${c} is a command of package.json`);
      return commands;
    });
    // Step 3 opens the sample with its breakdown, step 5 the sample at its brick with the alternatives, step 6 the Chat where it can work.
    assert.deepStrictEqual([buttons[2], buttons[4], buttons[5]], [['lca.getStarted.openSample'], ['lca.getStarted.findAlternatives'], ['lca.getStarted.openChat']]);
  });

  it('ticks a step only by what the extension sets when its action succeeded, never by a command having run', () => {
    for (const w of [english, danish]) {
      const events = w.steps.map((s) => s.completionEvents);
      assert.deepStrictEqual(events, STEPS.map((s) => [s === 'signIn' ? 'onContext:lca.signedIn' : `onContext:${stepDoneContext(s)}`]), w.id);
    }
  });

  it('shows an image of the workbench at every step in both languages, with its alt text, each a file the .vsix carries', () => {
    const ignore = fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!media\/\*\*\/\*\.\{[^}]*\bjpg\b[^}]*\}$/m, '.vscodeignore lets the JPEG images of media/ in');
    let total = 0;
    for (const [lang, w] of [['en', english], ['da', danish]] as const) {
      for (const [i, step] of w.steps.entries()) {
        // VS Code shows one kind of media per step: the image, not also markdown.
        assert.deepStrictEqual(Object.keys(step.media).sort(), ['altText', 'image'], `${step.id}: media`);
        const file = lang === 'en' ? en[key(step.media.image!)] : step.media.image!;
        const alt = lang === 'en' ? en[key(step.media.altText!)] : step.media.altText!;
        assert.match(file ?? '', new RegExp(`^media/walkthrough/${lang}/[\\w-]+\\.jpg$`), `${step.id}: the ${lang} image ${file} is a JPEG under media/walkthrough/${lang}/`);
        const bytes = fs.readFileSync(path.join(REPO_ROOT, file));
        // A JPEG (FF D8 FF) of at most 80 KB.
        assert.deepStrictEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], `${file} is a JPEG`);
        assert.ok(bytes.length <= 80 * 1024, `${file}: ${bytes.length} bytes`);
        total += bytes.length;
        assert.ok((alt ?? '').length > 20, `${step.id}: a ${lang} alt text`);
        if (lang === 'da') assert.notStrictEqual(alt, en[key(english.steps[i].media.altText!)], `${step.id}: the Danish alt text is Danish`);
      }
    }
    assert.ok(total < 600 * 1024, `the twelve images take ${total} bytes`);
  });
});
