// Inside VS Code with the local service's fault injection: tokens that all expire are renewed without the user
// noticing, and a dashboard whose service fails shows an error state whose Retry recovers.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { control, testServiceUrls } from './support/service';
import { api, signInAs } from './support/extension';
import { recordDashboards } from './support/dashboards';

const urls = testServiceUrls();


async function issuedTokens(): Promise<number> {
  const origin = new URL(urls!.baseUrl).origin;
  const stats = (await (await fetch(`${origin}/__sandbox/stats`)).json()) as { tokensIssued: number };
  return stats.tokensIssued;
}

interface PanelHandle {
  readonly panel: vscode.WebviewPanel;
  receive(message: { type: 'retry' }): Promise<void>;
}

describe('faults: renewal and error states', function () {
  this.timeout(60_000);
  const dashboards = recordDashboards();

  after(async () => {
    if (urls) await control('clear-faults');
  });

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  it('when every token expires, the tree still loads: the extension renews and retries once', async () => {
    const a = await api();
    const before = await issuedTokens();
    await control('expire-tokens');
    await vscode.commands.executeCommand('lca.refreshProjects');
    const nodes = await a.testing.projectsTree.getChildren();
    assert.ok(nodes.some((n) => n.kind === 'project'), `projects listed after renewal, got ${nodes.map((n) => n.kind).join(', ')}`);
    assert.strictEqual((await issuedTokens()) - before, 1, 'exactly one renewal');
  });

  it('a dashboard whose service fails shows an error with Retry, and Retry shows the data', async () => {
    await control('fail', { path: `/dashboard/${PROJECT_IDS.office}`, status: 500, count: 50 });
    const panel = await vscode.commands.executeCommand<PanelHandle>('lca.openDashboard', PROJECT_IDS.office);
    assert.ok(panel, 'the command returns the panel');
    const error = await dashboards.message(panel, 'error');
    assert.match(error.message, /500|could not|failed/i, `error message: ${JSON.stringify(error)}`);
    await control('clear-faults');
    const data = dashboards.message(panel, 'data', { after: dashboards.count(panel) });
    await panel.receive({ type: 'retry' });
    await data;
  });
});
