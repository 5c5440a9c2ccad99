// The workspace materials the tools read are kept by whoever made the workspace (the editor, the MCP server), not by
// the core: with a cache a file not changed since is not read again (the same candidates come back), one changed on
// disk is; two workspaces never share what they read.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { diskWorkspace, workspaceMaterials, type MaterialCache } from '../../../src/core/workspace';
import { EPD_URL, makeWorkspace } from './support';

const library = (root: string): string => path.join(root, 'library', 'tabel7.materials.json');

/** Sets the file's modification time well in the past: a file changed a moment ago gets no stamp and is always read. */
function age(file: string, secondsAgo: number): void {
  const t = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, t, t);
}

describe('tools: the workspace materials read, kept by the owner of the workspace', function () {
  this.timeout(60_000);

  it('reads an unchanged file once per cache, again after it changed on disk, and never from another workspace', async () => {
    const root = makeWorkspace();
    age(library(root), 60);
    age(path.join(root, 'library', 'tabel7.materials.created.json'), 60);
    const cache: MaterialCache = new Map();
    const first = await workspaceMaterials(diskWorkspace([root], cache), EPD_URL, ASSUMED_CODES);
    assert.ok(first.length > 400, `Tabel 7 read: ${first.length}`);
    const again = await workspaceMaterials(diskWorkspace([root], cache), EPD_URL, ASSUMED_CODES);
    assert.strictEqual(again[0], first[0], 'an unchanged file is taken from the cache');

    const uncached = await workspaceMaterials(diskWorkspace([root]), EPD_URL, ASSUMED_CODES);
    assert.notStrictEqual(uncached[0], first[0], 'a workspace without the cache reads the file');
    assert.strictEqual(uncached[0].epd.name, first[0].epd.name);
    const other = await workspaceMaterials(diskWorkspace([root], new Map()), EPD_URL, ASSUMED_CODES);
    assert.notStrictEqual(other[0], first[0], 'another cache does not share what the first read');

    // Another program renames the first material.
    const text = fs.readFileSync(library(root), 'utf8');
    fs.writeFileSync(library(root), text.replace(JSON.stringify(first[0].epd.name), '"Renamed on disk"'));
    age(library(root), 30);
    const changed = await workspaceMaterials(diskWorkspace([root], cache), EPD_URL, ASSUMED_CODES);
    assert.ok(changed.some((c) => c.epd.name === 'Renamed on disk'), 'the change on disk is read');
    assert.strictEqual(changed.length, first.length);
  });
});
