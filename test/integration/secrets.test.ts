// Secret hygiene inside VS Code: after a scripted session of use (sign in both ways, a refused sign-in, browse the
// tree, an error from the service, open a project's JSON, pull and push base info, bulk create, a dashboard), no
// password, client secret or issued token appears in settings, the LCA log, the dashboard's HTML or messages,
// error texts, extension state files or workspace files.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { MATERIAL_SPECS, materialItem } from '../../src/service/seed/materials';
import { control, testServiceUrls } from './support/service';
import { api } from './support/extension';
import { stubUi } from './support/ui';
import { recordDashboards } from './support/dashboards';
import { logText } from './support/log';

const urls = testServiceUrls();
const SECRETS = ['demo-password', 'demo-secret', 'wrong-password-4711'];



/** Every readable file under a folder (skipping large binaries), as [path, text]. */
function filesUnder(dir: string): [string, string][] {
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
  // A file may go while we read (a log rotated); a link or a socket is no file.
  return files.filter((f) => fs.lstatSync(f, { throwIfNoEntry: false })?.isFile() && fs.statSync(f).size < 20_000_000).map((f) => [f, fs.readFileSync(f, 'latin1')]);
}

/** The local service's tokens carry a prefix (docs/service-decisions.md, Auth), so any leaked one is found. */
const TOKEN_PATTERN = /lca[tr]_[A-Za-z0-9_-]{20,}/;

function assertClean(where: string, text: string, secrets: readonly string[]): void {
  for (const s of secrets) assert.ok(!text.includes(s), `${where} contains a secret (${s.slice(0, 4)}…)`);
  const token = TOKEN_PATTERN.exec(text);
  assert.ok(!token, `${where} contains an issued token (${token?.[0].slice(0, 8)}…)`);
}

/** How many tokens the local service has issued so far (GET /__sandbox/stats). */
async function issuedTokens(): Promise<number> {
  const origin = new URL(urls!.baseUrl).origin;
  const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tokensIssued?: number };
  assert.strictEqual(typeof stats.tokensIssued, 'number', 'stats count issued tokens');
  return stats.tokensIssued!;
}

describe('secret hygiene after a session of use', function () {
  const ui = stubUi();
  const dashboards = recordDashboards();
  this.timeout(120_000);
  let issuedBefore = 0;
  let bulkOutcome = '';
  const errorTexts: string[] = [];
  let dashboardHtml = '';
  let dashboardMessages = '';

  before(async function () {
    if (!urls) this.skip();
    const a = await api();
    issuedBefore = await issuedTokens();
    // Sign in as an account, then as a user; one refused attempt on the way.
    await vscode.commands.executeCommand('lca.signIn', { kind: 'account', login: 'demo-client', secret: 'demo-secret' });
    await vscode.commands.executeCommand('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'wrong-password-4711' });
    await vscode.commands.executeCommand('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'demo-password' });

    // Browse, including an error item from a failing service.
    await vscode.commands.executeCommand('lca.refreshProjects');
    const roots = await a.testing.projectsTree.getChildren();
    for (const node of roots.slice(0, 2)) for (const group of await a.testing.projectsTree.getChildren(node)) await a.testing.projectsTree.getChildren(group);
    await control('fail', { path: '/graphql', status: 503, count: 50 });
    await vscode.commands.executeCommand('lca.refreshProjects');
    for (const n of await a.testing.projectsTree.getChildren()) {
      const item = a.testing.projectsTree.getTreeItem(n);
      errorTexts.push(`${String(item.label)} ${String(item.description ?? '')} ${typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '')}`);
    }
    await control('clear-faults');
    await vscode.commands.executeCommand('lca.refreshProjects');

    // Tokens expire mid-session: the renewed token must not leak either.
    await control('expire-tokens');
    await vscode.commands.executeCommand('lca.openProjectJson', PROJECT_IDS.school);

    // Pull and push base information.
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.editProjectBaseInfo', PROJECT_IDS.office);
    if (uri) {
      ui.answerConfirmations(true);
      await vscode.commands.executeCommand('lca.pushProject', uri);
    }

    // Bulk create of a few materials (a new file in the workspace).
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const file = vscode.Uri.joinPath(folder, 'secrets-check.materials.json');
    const items = MATERIAL_SPECS.slice(0, 5).map((spec) => ({ ...materialItem(spec), originalUUID: randomUUID(), isPublic: false, isCustom: true }));
    fs.writeFileSync(file.fsPath, JSON.stringify(items, null, 2));
    await vscode.window.showTextDocument(file);
    const bulk = await vscode.commands.executeCommand<{ outcome: string }>('lca.bulkCreateMaterials', { uri: file, confirm: true, showReport: false });
    bulkOutcome = bulk?.outcome ?? 'none';

    // A dashboard: its HTML and every message sent to it.
    const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', PROJECT_IDS.school);
    assert.ok(panel);
    // Its data or its error, whichever comes (the messages are checked either way).
    await dashboards.message(panel, ['data', 'error']).catch(() => undefined);
    dashboardHtml = panel.panel.webview.html;
    dashboardMessages = JSON.stringify(dashboards.messages(panel));
  });

  it('the session was real: the service issued tokens for it (sign-ins and the renewal)', async () => {
    const issued = await issuedTokens();
    assert.strictEqual(bulkOutcome, 'ran', 'the bulk create ran');
    assert.ok(issued - issuedBefore >= 3, `tokens issued during the session: ${issued - issuedBefore}`);
    // The pattern the checks below rely on matches what the service issues.
    const sample = await fetch(`${urls!.authUrl}/v1/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }) });
    const body = (await sample.json()) as { access_token: string };
    assert.match(body.access_token, TOKEN_PATTERN);
  });

  it('no secret in settings (user, workspace, folder)', () => {
    const config = vscode.workspace.getConfiguration();
    const lca = config.inspect('lca');
    assertClean('LCA settings', JSON.stringify(vscode.workspace.getConfiguration('lca')) + JSON.stringify(lca ?? {}), SECRETS);
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    for (const [file, text] of filesUnder(path.join(folder, '.vscode'))) assertClean(file, text, SECRETS);
  });

  it('no secret in the LCA log, which did record the session', async () => {
    const log = logText();
    assert.match(log, /GET|POST/, 'the log recorded requests');
    assertClean('the LCA log', log, SECRETS);
  });

  it('no secret in the dashboard HTML or its messages, and the error texts shown', () => {
    assert.match(dashboardHtml, /Content-Security-Policy/);
    assertClean('dashboard HTML', dashboardHtml, SECRETS);
    assert.match(dashboardMessages, /"type":"(data|error)"/, 'the dashboard’s messages were recorded');
    assertClean('dashboard messages', dashboardMessages, SECRETS);
    assert.ok(errorTexts.join(' ').trim(), 'an error item was shown');
    assertClean('error texts', errorTexts.join('\n'), SECRETS);
  });

  it('no secret in workspace files or in the extension’s storage', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    const files = filesUnder(folder);
    assert.ok(files.some(([f]) => f.endsWith('.project.json')), 'the session wrote workspace files');
    assert.ok(files.some(([f]) => f.endsWith('.materials.created.json')), 'the bulk create wrote its sidecar');
    for (const [file, text] of files) assertClean(file, text, SECRETS);
    const open = vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d.getText()] as const);
    for (const [uri, text] of open) assertClean(uri, text, SECRETS);
    // The extension's own state (workspace and global: catalog records, pulled files, filters, environment) and its
    // global storage folder (the built-in service's data, when it ran).
    const stored = (await api()).testing.storedState();
    assert.match(stored.text, /"lca\./, `the session left state behind: ${stored.text.slice(0, 200)}`);
    assertClean('extension state', stored.text, SECRETS);
    for (const [file, text] of filesUnder(stored.globalStorage)) assertClean(file, text, SECRETS);
  });
});
