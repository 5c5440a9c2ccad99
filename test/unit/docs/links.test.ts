// The README and the user guide in docs/ point at what exists: every relative link and image resolves to a file
// (and its #heading, as GitHub and the Marketplace make anchors), and every command they name as **LCA: Title** is a
// command of package.json with that title (English, package.nls.json).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

const pages = ['README.md', ...fs.readdirSync(path.join(REPO_ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped, spaces to -. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
}

/** Markdown links and images outside code blocks and code spans: [text](target) and ![alt](target). */
function links(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

describe('docs: README and user guide links', () => {
  it('has a user guide with a table of contents that lists every page of docs/', () => {
    const index = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'README.md'), 'utf8');
    const listed = new Set(links(index));
    const missing = pages.filter((p) => p.startsWith('docs/') && p !== 'docs/README.md' && !listed.has(path.basename(p)));
    assert.deepStrictEqual(missing, [], 'pages of docs/ not in docs/README.md');
  });

  for (const page of pages) {
    it(`every relative link and image of ${page} resolves to a file and heading`, () => {
      const file = path.join(REPO_ROOT, page);
      const broken: string[] = [];
      for (const target of links(fs.readFileSync(file, 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, command: …
        const [rel, hash] = target.split('#');
        const dest = rel ? path.resolve(path.dirname(file), decodeURIComponent(rel)) : file;
        if (!fs.existsSync(dest)) {
          broken.push(`${target}: no file ${path.relative(REPO_ROOT, dest)}`);
          continue;
        }
        if (hash && dest.endsWith('.md') && !anchors(dest).has(hash)) broken.push(`${target}: no heading #${hash}`);
      }
      assert.deepStrictEqual(broken, [], `broken links in ${page}`);
    });
  }

  it('names only commands that exist, by their titles (**LCA: Title**)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { title: string }[] } };
    const nls = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const titles = new Set(manifest.contributes.commands.map((c) => c.title.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? k)));
    const unknown: string[] = [];
    for (const page of pages) {
      const text = fs.readFileSync(path.join(REPO_ROOT, page), 'utf8');
      for (const m of text.matchAll(/\*\*LCA: ([^*]+)\*\*/g)) {
        const title = m[1].replace(/\s+/g, ' ');
        if (!titles.has(title)) unknown.push(`${page}: LCA: ${title}`);
      }
    }
    assert.deepStrictEqual(unknown, [], 'commands named that package.json does not have');
  });
});
