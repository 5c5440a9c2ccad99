// Inside VS Code: the Library's catalog of workspace files holds to the workspace as the tools do — a materials file
// or a bulk-create record (sidecar) that is a symbolic link to a file outside the workspace gives the catalog nothing
// (no material, no service id offered in completion or the Library), while the same files really in the workspace do.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { mergeSidecar } from '../../src/core/bulk/sidecar';
import { newMaterialTemplate } from '../../src/core/templates';
import { ASSUMED_CODES } from '../../src/core/codeTable';
import { api, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { waitFor } from './support/wait';

describe('library: the catalog reads no file through a link that leads outside the workspace', function () {
  this.timeout(90_000);
  const urls = testServiceUrls();
  let folder: string;
  let outside: string;

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
    folder = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'confined-catalog');
    fs.mkdirSync(folder, { recursive: true });
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-outside-catalog-'));
  });

  after(() => {
    if (!urls) return;
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const material = (name: string, originalUUID: string) => ({ ...newMaterialTemplate({ name, originalUUID }, ASSUMED_CODES), originalVersion: '1.0' });
  const sidecar = (source: string, originalUUID: string, id: string, name: string) =>
    JSON.stringify(mergeSidecar(undefined, { source, epdUrl: urls!.epdUrl, createdBy: 'demo@example.com' }, [{ originalUUID, originalVersion: '1.0', id, name, createdAt: new Date().toISOString() }]), null, 2);

  it('a materials file linked from outside is not read; a sidecar linked from outside gives no ids; the real ones beside them do', async () => {
    const a = await api();
    const catalog = a.testing.catalog;
    // Really in the workspace: a materials file with its sidecar.
    const insideId = '0c5a1f3e-1111-4a2b-9c3d-0000000000a1';
    fs.writeFileSync(path.join(folder, 'real.materials.json'), JSON.stringify([material('Confined real brick', 'a1a1a1a1-0000-4000-8000-000000000001')], null, 2));
    fs.writeFileSync(path.join(folder, 'real.materials.created.json'), sidecar('real.materials.json', 'a1a1a1a1-0000-4000-8000-000000000001', insideId, 'Confined real brick'));
    // A real materials file whose sidecar is a link to a record outside.
    const linkedId = '0c5a1f3e-2222-4a2b-9c3d-0000000000b2';
    fs.writeFileSync(path.join(folder, 'records.materials.json'), JSON.stringify([material('Confined linked-record brick', 'b2b2b2b2-0000-4000-8000-000000000002')], null, 2));
    fs.writeFileSync(path.join(outside, 'records.materials.created.json'), sidecar('records.materials.json', 'b2b2b2b2-0000-4000-8000-000000000002', linkedId, 'Confined linked-record brick'));
    fs.symlinkSync(path.join(outside, 'records.materials.created.json'), path.join(folder, 'records.materials.created.json'));
    // A materials file that is itself a link to one outside.
    fs.writeFileSync(path.join(outside, 'planted.materials.json'), JSON.stringify([material('Confined planted brick', 'c3c3c3c3-0000-4000-8000-000000000003')], null, 2));
    fs.symlinkSync(path.join(outside, 'planted.materials.json'), path.join(folder, 'planted.materials.json'));

    await vscode.commands.executeCommand('lca.refreshLibrary');
    const names = (): string[] => catalog.materials().map((m) => m.name);
    await waitFor('the real files in the catalog', () => (names().includes('Confined real brick') && names().includes('Confined linked-record brick')) || undefined, 30_000);
    assert.strictEqual(catalog.materials().find((m) => m.name === 'Confined real brick')?.id, insideId, 'the real sidecar\'s id counts');
    assert.strictEqual(catalog.materials().find((m) => m.name === 'Confined linked-record brick')?.id, undefined, 'no id from the record outside');
    assert.strictEqual(catalog.material(linkedId), undefined);
    assert.ok(!names().includes('Confined planted brick'), 'the linked materials file is not read');
  });
});
