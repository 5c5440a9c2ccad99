// The Get Started walkthrough (package.json contributes.walkthroughs) in English and Danish: every title,
// description, image and image's alt text is a %key% with an English and a Danish text, the Danish text is Danish (not
// the English copied), each language's step image exists, is a small JPEG the .vsix takes in (.vscodeignore), and the
// Danish buttons run the same commands as the English ones.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

interface Step { id: string; title: string; description: string; media: { markdown?: string; image?: string; altText?: string }; completionEvents?: string[] }
interface Walkthrough { id: string; title: string; description: string; steps: Step[] }

const read = <T>(f: string): T => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')) as T;
const manifest = read<{ contributes: { walkthroughs?: Walkthrough[]; commands: { command: string }[] } }>('package.json');
const en = read<Record<string, string>>('package.nls.json');
const da = read<Record<string, string>>('package.nls.da.json');
const key = (s: string): string => /^%(.+)%$/.exec(s)?.[1] ?? assert.fail(`"${s}" is not a %key%`);
const commandsOf = (text: string): string[] => [...text.matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1]);

describe('walkthrough: Get Started in English and Danish', () => {
  const walkthroughs = manifest.contributes.walkthroughs ?? [];
  const walkthrough = walkthroughs.find((w) => w.id === 'lca.getStarted');

  it('is contributed with the six steps of the first ten minutes', () => {
    assert.ok(walkthrough, 'contributes.walkthroughs has lca.getStarted');
    assert.deepStrictEqual(
      walkthrough.steps.map((s) => s.id),
      ['signIn', 'dashboard', 'construction', 'import', 'alternatives', 'agents'].map((s) => `lca.getStarted.${s}`),
    );
  });

  it('has an English and a Danish text for every title and description, the Danish one not the English', () => {
    const texts = [walkthrough!.title, walkthrough!.description, ...walkthrough!.steps.flatMap((s) => [s.title, s.description])];
    const problems: string[] = [];
    for (const t of texts) {
      const k = key(t);
      if (!en[k]) problems.push(`${k}: no English text`);
      if (!da[k]) problems.push(`${k}: no Danish text`);
      else if (da[k] === en[k]) problems.push(`${k}: the Danish text is the English one`);
    }
    assert.deepStrictEqual(problems, []);
  });

  it('gives each step a button that runs a command, the same commands in Danish, and an event that completes it', () => {
    const own = new Set(manifest.contributes.commands.map((c) => c.command));
    for (const step of walkthrough!.steps) {
      const k = key(step.description);
      const commands = commandsOf(en[k]);
      assert.ok(commands.length > 0, `${step.id} has a command button`);
      assert.deepStrictEqual(commandsOf(da[k]), commands, `${step.id}: the Danish buttons run the English ones' commands`);
      for (const c of commands.filter((c) => c.startsWith('lca.'))) assert.ok(own.has(c), `${step.id}: ${c} is a command of package.json`);
      assert.ok(step.completionEvents?.length, `${step.id} has completionEvents`);
      for (const e of step.completionEvents!) assert.match(e, /^(onCommand|onView|onContext|onSettingChanged|onLink|extensionInstalled):./, `${step.id}: ${e}`);
      // A step completed by a command is completed by one its buttons run.
      for (const e of step.completionEvents!.filter((e) => e.startsWith('onCommand:'))) assert.ok(commands.includes(e.slice('onCommand:'.length)), `${step.id}: ${e} is a button's command`);
    }
  });

  it('shows an image of the workbench at every step in both languages, with its alt text, each a file the .vsix carries', () => {
    const ignore = fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8');
    assert.match(ignore, /^!media\/\*\*\/\*\.\{[^}]*\bjpg\b[^}]*\}$/m, '.vscodeignore lets the JPEG images of media/ in');
    let total = 0;
    for (const step of walkthrough!.steps) {
      // VS Code shows one kind of media per step: the image, not also markdown.
      assert.deepStrictEqual(Object.keys(step.media).sort(), ['altText', 'image'], `${step.id}: media`);
      const image = key(step.media.image!);
      const alt = key(step.media.altText!);
      for (const [lang, nls] of [['en', en], ['da', da]] as const) {
        const file = nls[image];
        assert.match(file ?? '', new RegExp(`^media/walkthrough/${lang}/[\\w-]+\\.jpg$`), `${step.id}: the ${lang} image ${file} is a JPEG under media/walkthrough/${lang}/`);
        const bytes = fs.readFileSync(path.join(REPO_ROOT, file));
        // A JPEG (FF D8 FF) of at most 80 KB.
        assert.deepStrictEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], `${file} is a JPEG`);
        assert.ok(bytes.length <= 80 * 1024, `${file}: ${bytes.length} bytes`);
        total += bytes.length;
        assert.ok((nls[alt] ?? '').length > 20, `${step.id}: a ${lang} alt text`);
      }
      assert.notStrictEqual(da[image], en[image], `${step.id}: the Danish image is its own`);
      assert.notStrictEqual(da[alt], en[alt], `${step.id}: the Danish alt text is Danish`);
    }
    assert.ok(total < 600 * 1024, `the twelve images take ${total} bytes`);
  });
});
