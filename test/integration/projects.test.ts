// Inside VS Code: sign in both ways, the Projects tree against the local service, filters, an
// error node when the service fails, edit-base-info round trip, stream create/delete with confirmation.
import { PROJECT_ENUMS } from '../../src/core/codes';
import * as assert from 'assert';
import * as vscode from 'vscode';
import { DEFAULT_RETRY, LcaClient } from '../../src/client';
import { PROJECT_IDS } from '../../src/service/seed/ids';
import { clientAs, control, testServiceUrls } from './support/service';
import type { LcaExtensionApi } from '../../src/extension/extension';
import type { ProjectsNode } from '../../src/extension/projects/tree';
import { restoreServiceValues } from '../../src/extension/projects/pushProject';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { recordDashboards } from './support/dashboards';

const urls = testServiceUrls();


function serviceClient(): Promise<LcaClient> {
  return clientAs('demo@example.com');
}

async function rootLabels(a: LcaExtensionApi): Promise<{ labels: string[]; nodes: ProjectsNode[] }> {
  const nodes = await a.testing.projectsTree.getChildren();
  const labels = nodes.map((n) => String(a.testing.projectsTree.getTreeItem(n).label));
  return { labels, nodes };
}

describe('Projects: sign-in, tree, commands', function () {
  const ui = stubUi();
  const dashboards = recordDashboards();
  this.timeout(60_000);

  before(function () {
    if (!urls) this.skip();
  });

  it('signed out, the tree is empty so the Sign In welcome shows', async () => {
    const a = await api();
    await vscode.commands.executeCommand('lca.signOut');
    const { nodes } = await rootLabels(a);
    assert.deepStrictEqual(nodes, []);
  });

  it('a wrong password is refused and leaves the user signed out', async () => {
    const a = await api();
    const result = await vscode.commands.executeCommand('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'wrong' });
    assert.strictEqual(result, undefined);
    assert.deepStrictEqual((await rootLabels(a)).nodes, []);
  });

  it('sign in with client id + secret lists the tenant’s projects', async () => {
    const a = await api();
    const account = await vscode.commands.executeCommand<{ login: string }>('lca.signIn', { kind: 'account', login: 'demo-client', secret: 'demo-secret' });
    assert.strictEqual(account?.login, 'demo-client');
    const { nodes } = await rootLabels(a);
    assert.ok(nodes.some((n) => n.kind === 'project'), 'projects listed for the account');
  });

  it('sign in with e-mail + password: the tree lists the seeded projects, favourite first, without deleted or other-tenant ones', async () => {
    const a = await api();
    const account = await vscode.commands.executeCommand<{ login: string }>('lca.signIn', { kind: 'user', login: 'demo@example.com', secret: 'demo-password' });
    assert.strictEqual(account?.login, 'demo@example.com');
    const client = await serviceClient();
    const school = await client.getProject(PROJECT_IDS.school);
    const other = PROJECT_IDS.otherHousing;
    const { labels, nodes } = await rootLabels(a);
    assert.ok(labels.includes(school.projectName!), `"${school.projectName}" in ${labels.join(', ')}`);
    const ids = nodes.map((n) => (n.kind === 'project' ? n.project.id : ''));
    assert.ok(!ids.includes(PROJECT_IDS.hotelDeleted), 'deleted project hidden');
    assert.ok(!ids.includes(other), 'other tenant hidden');
    const favourites = nodes.map((n) => n.kind === 'project' && n.project.favorite);
    assert.strictEqual(favourites[0], true, 'a favourite comes first');
    // Children: Details shows the client name from the service.
    const project = nodes.find((n) => n.kind === 'project' && n.project.id === PROJECT_IDS.school)!;
    const groups = await a.testing.projectsTree.getChildren(project);
    assert.deepStrictEqual(groups.map((g) => String(a.testing.projectsTree.getTreeItem(g).label)), ['Details', 'Members', 'Models', 'Stream and branches']);
    const members = await a.testing.projectsTree.getChildren(groups[1]);
    assert.ok(members.some((m) => String(a.testing.projectsTree.getTreeItem(m).description).includes('demo@example.com')));
  });

  it('a project row, its tooltip and its details write the area with the same rounding, and dates as dates', async () => {
    const a = await api();
    const { nodes } = await rootLabels(a);
    const project = nodes.find((n): n is Extract<ProjectsNode, { kind: 'project' }> => n.kind === 'project' && n.project.id === PROJECT_IDS.school);
    assert.ok(project, 'the school in the tree');
    const tree = a.testing.projectsTree;
    // The tooltip is made when VS Code is about to show it (resolveTreeItem), not for every row of the list.
    const item = tree.getTreeItem(project);
    assert.strictEqual(item.tooltip, undefined, 'no tooltip made up front');
    const resolved = tree.resolveTreeItem(item, project);
    const rowArea = /([\d.,\s\u00a0]+ m²)/.exec(String(item.description))?.[1]?.trim();
    assert.ok(rowArea, `an area in the row: ${String(item.description)}`);
    const tip = resolved.tooltip instanceof vscode.MarkdownString ? resolved.tooltip.value.replace(/\\(.)/g, '$1') : String(resolved.tooltip);
    assert.ok(tip.includes(`Area: ${rowArea}`), `tooltip area as in the row (${rowArea}): ${tip}`);
    assert.doesNotMatch(tip, /\d{4}-\d\d-\d\dT\d\d:/, 'an ISO time stamp in the tooltip');
    const groups = await a.testing.projectsTree.getChildren(project);
    const details = await a.testing.projectsTree.getChildren(groups[0]);
    const value = (id: string): string => {
      const n = details.find((d) => d.kind === 'field' && d.id === `${id}:${PROJECT_IDS.school}`);
      assert.ok(n, `${id} among the details`);
      return String(a.testing.projectsTree.getTreeItem(n).description);
    };
    assert.strictEqual(value('f-area'), rowArea, 'details area as in the row');
    const updated = value('f-updated');
    assert.doesNotMatch(updated, /T\d\d:\d\d/, `a formatted date: ${updated}`);
    const detail = await (await serviceClient()).getProject(PROJECT_IDS.school);
    const year = String(new Date(String(detail.updatedAt)).getFullYear());
    assert.ok(updated.includes(year), `${updated} names the year ${year}`);
  });

  it('a name filter narrows the tree and shows in the view; clearing restores it', async () => {
    const a = await api();
    const client = await serviceClient();
    const school = await client.getProject(PROJECT_IDS.school);
    const before = (await rootLabels(a)).labels.length;
    const part = school.projectName!.slice(0, 6);
    await vscode.commands.executeCommand('lca.filterProjectsByName', part);
    const { labels } = await rootLabels(a);
    assert.ok(labels.length >= 1 && labels.length < before, `filtered ${labels.length} of ${before}`);
    assert.ok(labels.every((l) => l.toLowerCase().includes(part.toLowerCase())));
    await vscode.commands.executeCommand('lca.clearProjectFilter');
    assert.strictEqual((await rootLabels(a)).labels.length, before);
  });

  it('when the service fails, the tree shows an error item with Retry, and Retry recovers', async () => {
    const a = await api();
    // Exactly enough failures for one load with its retries: the next load succeeds.
    await control('fail', { path: '/graphql', status: 500, count: DEFAULT_RETRY.limit + 1 });
    const { nodes } = await rootLabels(a);
    assert.strictEqual(nodes.length, 1);
    assert.strictEqual(nodes[0].kind, 'error');
    const item = a.testing.projectsTree.getTreeItem(nodes[0]);
    assert.match(String(item.label), /Could not load projects/);
    assert.strictEqual(item.command?.command, 'lca.retryProjectsNode');
    await vscode.commands.executeCommand('lca.retryProjectsNode', nodes[0]);
    assert.ok((await rootLabels(a)).nodes.some((n) => n.kind === 'project'), 'projects return on retry');
  });

  it('edit base info: pull to a file, change it, push after confirmation updates the service', async () => {
    await api();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.editProjectBaseInfo', PROJECT_IDS.office);
    assert.ok(uri && uri.path.endsWith('.project.json'));
    // Edit the open document as a user would, then save it.
    const doc = await vscode.workspace.openTextDocument(uri);
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    const newClient = `Integration Client ${Date.now()}`;
    body.clientName = newClient;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify(body, null, 2));
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    ui.answerConfirmations(false);
    await vscode.commands.executeCommand('lca.pushProject', uri);
    const client = await serviceClient();
    assert.notStrictEqual((await client.getProject(PROJECT_IDS.office)).clientName, newClient, 'declined: nothing sent');
    ui.answerConfirmations(true);
    await vscode.commands.executeCommand('lca.pushProject', uri);
    assert.strictEqual((await client.getProject(PROJECT_IDS.office)).clientName, newClient);
  });

  it('a Viewer project: its tree item says so, Edit Base Information is not offered on it and refuses when run anyway', async () => {
    const a = await api();
    await signInAs('demo@example.com');
    const { nodes } = await rootLabels(a);
    const itemOf = (id: string) => {
      const node = nodes.find((n) => n.kind === 'project' && n.project.id === id);
      assert.ok(node, `project ${id} listed`);
      return a.testing.projectsTree.getTreeItem(node);
    };
    // demo is Viewer on lars's Logistikcenter Kolding, Owner of the school (linked to a stream), Editor on the terraced houses.
    const viewer = itemOf(PROJECT_IDS.logistics).contextValue!;
    const owner = itemOf(PROJECT_IDS.school).contextValue!;
    const editor = itemOf(PROJECT_IDS.terraced).contextValue!;
    assert.strictEqual(viewer, 'lca.project.viewer');
    assert.strictEqual(owner, 'lca.project.streamLinked.owner');
    assert.strictEqual(editor, 'lca.project.editor');

    // The menus as package.json declares them: every project item menu still matches all three, except Edit Base
    // Information, which a Viewer is not offered.
    const pkg = vscode.extensions.getExtension('lca-workbench.lca-workbench')!.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const projectMenus = pkg.contributes.menus['view/item/context'].filter((m) => m.when?.includes('view == lca.projects') && m.when.includes('lca\\.project'));
    assert.ok(projectMenus.length >= 5, `project menus: ${projectMenus.length}`);
    for (const menu of projectMenus) {
      const source = /viewItem =~ \/(.*)\/(?:\s|$)/.exec(menu.when!)?.[1];
      assert.ok(source, `a viewItem regex in ${menu.when}`);
      const re = new RegExp(source);
      assert.ok(re.test(owner) && re.test(editor), `${menu.command} offered to Owner and Editor`);
      assert.strictEqual(re.test(viewer), menu.command !== 'lca.editProjectBaseInfo', `${menu.command} for a Viewer`);
    }

    const before = ui.count();
    const result = await vscode.commands.executeCommand('lca.editProjectBaseInfo', PROJECT_IDS.logistics);
    assert.strictEqual(result, undefined, 'no file written');
    const shown = ui.messages(before);
    assert.ok(
      shown.some((m) => m.kind === 'error' && /You are a Viewer on "Logistikcenter Kolding": a Viewer cannot edit its base information/.test(m.message)),
      `shown: ${JSON.stringify(shown)}`,
    );
  });

  it('push warns when the project changed on the service since the file was pulled, and sends nothing when declined', async () => {
    await api();
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.editProjectBaseInfo', PROJECT_IDS.terraced);
    assert.ok(uri && uri.path.endsWith('.project.json'));
    // Someone else changes the project on the service after the pull.
    const client = await serviceClient();
    const pulledAt = (await client.getProject(PROJECT_IDS.terraced)).updatedAt;
    const theirBuilder = `Their builder ${Date.now()}`;
    const changed = await client.updateProjectBaseInfo(PROJECT_IDS.terraced, { builder: theirBuilder } as never);
    assert.notStrictEqual(changed.updatedAt, pulledAt);
    // The user edits the pulled file and pushes.
    const doc = await vscode.workspace.openTextDocument(uri);
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    const myClient = `My client ${Date.now()}`;
    body.clientName = myClient;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify(body, null, 2));
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    const before = ui.count();
    ui.answerConfirmations(false);
    assert.strictEqual(await vscode.commands.executeCommand('lca.pushProject', uri), undefined);
    const asked = ui.messages(before).filter((m) => m.kind === 'confirm');
    assert.strictEqual(asked.length, 1, JSON.stringify(asked));
    assert.match(asked[0].message, /Update base information of "Rækkehuse Lærkevej"\?/);
    assert.match(asked[0].detail ?? '', /Warning: the project changed on the service since you pulled this file/);
    // Both moments as a person reads them (local time, "5 Nov 2024 09:45"), never raw ISO.
    const readable = (iso: string | undefined): string => {
      const d = new Date(iso ?? NaN);
      const two = (n: number) => String(n).padStart(2, '0');
      const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
      return `${d.getDate()} ${month} ${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
    };
    assert.ok((asked[0].detail ?? '').includes(`(${readable(pulledAt)} → ${readable(changed.updatedAt)})`), asked[0].detail);
    const after = await client.getProject(PROJECT_IDS.terraced);
    assert.strictEqual(after.updatedAt, changed.updatedAt, 'declined: nothing sent');
    assert.strictEqual(after.builder, theirBuilder);
    assert.notStrictEqual(after.clientName, myClient);
  });

  it('New Project file, then Push: the project is created and appears in the tree', async () => {
    const a = await api();
    const name = `Pushed project ${Date.now()}`;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject', { name, type: 0, stage: 1, phases: ['A1A3', 'B4', 'C3', 'C4', 'D'] });
    assert.ok(uri && uri.path.endsWith('.project.json'), 'the file was written');
    assert.ok(!(await rootLabels(a)).labels.includes(name), 'not on the service yet');
    const before = ui.count();
    ui.answerConfirmations(true);
    const created = await vscode.commands.executeCommand<{ id: string; projectName: string }>('lca.pushProject', uri);
    assert.ok(created?.id, 'created');
    assert.strictEqual(ui.messages(before).find((m) => m.kind === 'confirm')?.message, `Create project "${name}" on the LCA service?`);
    const { labels } = await rootLabels(a);
    assert.ok(labels.includes(name), `"${name}" in ${labels.join(', ')}`);
    assert.strictEqual((await (await serviceClient()).getProject(created.id)).projectName, name);
  });

  it('New Project with the BR18 answers → Push → its dashboard loads (no 422); a later area change is named as not pushable', async () => {
    await signInAs('demo@example.com');
    const name = `BR18 project ${Date.now()}`;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject', {
      name,
      type: 3,
      stage: 1,
      phases: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'],
      calculationType: 0,
      heatedFloorAreaAboveGround: 1200,
      heatedBasementArea: 150,
      referencedAreas: { 'Exterior balconies': 80 },
      considerationPeriod: 50,
      yearOfCommissioning: 2028,
    });
    assert.ok(uri && uri.path.endsWith('.project.json'), 'the file was written');
    const written = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, Record<string, unknown>>;
    assert.deepStrictEqual(written.heatArea, { heatedFloorAreaAboveGround: 1200, heatedBasementArea: 150 });
    assert.deepStrictEqual(written.referencedAreas.values, { 'Exterior balconies': 80 });
    assert.strictEqual(written.calculationType.thresholdLimitWithoutExtra, 12);
    assert.strictEqual(written.emissionMetaData.yearOfCommissioning, 2028);
    const before = ui.count();
    ui.answerConfirmations(true);
    const created = await vscode.commands.executeCommand<{ id: string }>('lca.pushProject', uri);
    assert.ok(created?.id, 'created');
    const asked = ui.messages(before).find((m) => m.kind === 'confirm');
    assert.match(asked?.detail ?? '', /Reference area: 1[.,]?370 m²/, 'the confirmation names the reference area (1200 + 150 + 0.25 × 80)');
    // The dashboard of the new project loads: the service computes figures per m² instead of answering 422.
    const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', { kind: 'project', project: { id: created.id, name } });
    assert.ok(panel, 'a dashboard panel');
    const outcome = await dashboards.message(panel, ['data', 'error']);
    assert.strictEqual(outcome.type, 'data', `the dashboard said: ${outcome.type === 'error' ? outcome.message : ''}`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // The area changes in the file: the base-info update cannot carry it, and the push says so instead of "nothing to push".
    const doc = await vscode.workspace.openTextDocument(uri);
    const body = JSON.parse(doc.getText()) as Record<string, Record<string, unknown>>;
    body.heatArea.heatedFloorAreaAboveGround = 1500;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify(body, null, 2));
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await doc.save());
    const beforePush = ui.count();
    await vscode.commands.executeCommand('lca.pushProject', uri);
    const shown = ui.messages(beforePush);
    assert.ok(!shown.some((m) => m.kind === 'confirm'), `nothing to confirm: ${JSON.stringify(shown)}`);
    const warning = shown.find((m) => m.kind === 'warning');
    assert.ok(warning, `a warning was shown: ${JSON.stringify(shown)}`);
    assert.ok(warning.message.startsWith(`"${name}": heatArea changed in the file but cannot be pushed: the service offers no endpoint to change them`), warning.message);
    assert.doesNotMatch(warning.message, /nothing to push/);
    // …and what to do instead: a new project with the new values, or the service's values back in the file.
    assert.match(warning.message, /create a new project with them/);
    assert.deepStrictEqual(warning.actions, ['Restore Service Values']);
    const onService = (await (await serviceClient()).getProject(created.id)) as unknown as Record<string, Record<string, unknown>>;
    assert.strictEqual(onService.heatArea.heatedFloorAreaAboveGround, 1200, 'the service keeps its area');
    // The action's edit: the service's area back in the file, the rest untouched, one Undo away from the user's value.
    const edited = doc.getText();
    assert.ok(await restoreServiceValues(uri, ['heatArea'], onService as never));
    const restored = JSON.parse(doc.getText()) as Record<string, Record<string, unknown>>;
    assert.strictEqual(restored.heatArea.heatedFloorAreaAboveGround, 1200);
    assert.deepStrictEqual({ ...restored, heatArea: body.heatArea }, body, 'only heatArea changed');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(doc.getText(), edited, "one Undo gives the user's value back");
    await doc.save();
  });

  it('the New Project wizard asks what BR18 needs, proposing the rule table’s limits', async () => {
    await signInAs('demo@example.com');
    const name = `Wizard project ${Date.now()}`;
    // Rules, BR18 category, building type (the nearest is offered first), stage, other areas, phases (the pre-picked ones).
    ui.answerQuickPicks('BR18 2025', 'Multi-storey housing', 'Residential - Multi-storey building', 'Design', 'Exterior balconies | Conservatories and glazed balconies', '(picked)');
    // Name, heated area above ground, floors (asked: no guess for flats), basement (proposed 0), limit (proposed), the
    // two areas, period and year (proposed).
    ui.answerInputs(name, '2400', '4', '(default)', '(default)', '120', '40', '(default)', '(default)');
    try {
      const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject');
      assert.ok(uri && uri.path.endsWith('.project.json'), 'the file was written');
      const body = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, Record<string, unknown>>;
      assert.strictEqual(body.projectName as unknown, name);
      assert.deepStrictEqual(body.calculationType, { calculationTypeEnum: 1, considerationPeriod: 50, extraThresholds: [], thresholdLimitWithoutExtra: 7.5 });
      assert.deepStrictEqual(body.heatArea, { heatedFloorAreaAboveGround: 2400, heatedBasementArea: 0 });
      assert.strictEqual(body.referencedAreas.floorsAboveGround, 4, 'the floors the user gave');
      assert.deepStrictEqual(body.referencedAreas.values, { 'Exterior balconies': 120, 'Conservatories and glazed balconies': 40 });
      assert.strictEqual(body.emissionMetaData.yearOfCommissioning, new Date().getFullYear() + 2);
      assert.deepStrictEqual(body.emissionMetaData.includedPhases, ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'], 'BR18 2025 includes A4 and A5');
    } finally {
      assert.strictEqual(ui.clearAnswers().length, 0, 'every question was asked');
    }
  });

  it('the wizard writes a holiday home of 120 m²: 4.0 on the nearest building type the service knows', async () => {
    await api();
    const name = `Holiday home ${Date.now()}`;
    // The single-family type is the nearest the service knows (offered first, "nearest to …").
    ui.answerQuickPicks('BR18 2025', 'Holiday homes (summer houses, camping cabins)', 'Residential - Single-family house', 'Design', '(none)', '(picked)');
    // Name, area, floors (a house: 1 proposed), basement, limit, period, year.
    ui.answerInputs(name, '120', '(default)', '(default)', '(default)', '(default)', '(default)');
    try {
      const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject');
      assert.ok(uri, 'the file was written');
      const body = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, Record<string, unknown>>;
      assert.strictEqual(body.type as unknown, PROJECT_ENUMS.buildingTypeEnum.indexOf('Residential - Single-family house'));
      assert.strictEqual(body.calculationType.thresholdLimitWithoutExtra, 4.0);
      assert.strictEqual(body.referencedAreas.floorsAboveGround, 1);
    } finally {
      assert.strictEqual(ui.clearAnswers().length, 0, 'every question was asked');
    }
  });

  it('the wizard cross-checks the building: a holiday home of 3,600 m² on a multi-storey type is said, and given again; a row of terraced houses is not judged by its total area; going back adds no step', async () => {
    await api();
    const name = `Cross-checked ${Date.now()}`;
    const pickedBefore = ui.quickPicks().length;
    const boxesBefore = ui.inputBoxes().length;
    const house = 'Detached, terraced, linked and semi-detached houses, tiny houses';
    const again = "Give the building's answers again";
    // First round: the trial's holiday home (multi-storey type, 3600 m²) → again; second round: the seeded terraced row's
    // 1450 m² heated on the single-family type (one house of that size) → again; third round: the same row on the
    // terraced type, which fits.
    ui.answerQuickPicks(
      'BR18 2025',
      'Holiday homes (summer houses, camping cabins)', 'Residential - Multi-storey building', 'Design', again,
      house, 'Residential - Single-family house', 'Design', again,
      house, 'Residential - Terraced house', 'Design',
      '(none)', '(picked)',
    );
    // Name; per round area, floors, basement; limit, period, year.
    ui.answerInputs(name, '3600', '(default)', '(default)', '1450', '2', '(default)', '1450', '2', '(default)', '(default)', '(default)', '(default)');
    try {
      const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject');
      assert.ok(uri, 'the file was written');
      const body = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, Record<string, unknown>>;
      assert.strictEqual(body.type as unknown, PROJECT_ENUMS.buildingTypeEnum.indexOf('Residential - Terraced house'));
      assert.deepStrictEqual(body.heatArea, { heatedFloorAreaAboveGround: 1450, heatedBasementArea: 0 });
      const crossChecks = ui.quickPicks().slice(pickedBefore).filter((p) => p.title?.includes('the answers do not fit together'));
      assert.strictEqual(crossChecks.length, 2, 'asked after the first two rounds, not after the terraced row');
      assert.match(crossChecks[0].placeHolder ?? '', /"Residential - Multi-storey building" is one of Multi-storey housing, but the BR18 category is Holiday homes/);
      assert.match(crossChecks[0].placeHolder ?? '', /3600 m² heated is unusually large for Holiday homes/);
      assert.strictEqual(
        crossChecks[1].placeHolder,
        '1450 m² heated is unusually large for one house (more than 600 m²); for a row of terraced, linked or semi-detached houses choose the building type "Residential - Terraced house", which is not judged by its total area.',
      );
      // Each question's number in the flow (13 questions; the cross-check one more while it is asked): the building's
      // questions asked again keep their numbers, and the last question is 13/13.
      const steps = (titles: (string | undefined)[]): string[] => titles.map((t) => /^New LCA project \((\d+\/\d+)\)/.exec(t ?? '')?.[1] ?? `untitled: ${t}`);
      const round = { picks: ['3/13', '4/13', '5/13'], boxes: ['6/13', '7/13', '8/13'] };
      assert.deepStrictEqual(steps(ui.quickPicks().slice(pickedBefore).map((p) => p.title)), ['2/13', ...round.picks, '9/14', ...round.picks, '9/14', ...round.picks, '10/13', '13/13']);
      assert.deepStrictEqual(steps(ui.inputBoxes().slice(boxesBefore).map((b) => b.title)), ['1/13', ...round.boxes, ...round.boxes, ...round.boxes, '9/13', '11/13', '12/13']);
    } finally {
      assert.strictEqual(ui.clearAnswers().length, 0, 'every question was asked');
    }
  });

  it('stream create, delete declined (still linked), delete accepted (gone)', async () => {
    const a = await api();
    const created = await vscode.commands.executeCommand<{ streamId: string }>('lca.createStream', { streamName: 'Integration stream', branches: ['Arkitektur', 'Konstruktioner'] });
    assert.ok(created?.streamId);
    const client = await serviceClient();
    const project = await client.createProject({ projectName: 'Stream test project', type: 0, stage: 1, streamId: created.streamId } as never);
    assert.strictEqual((await client.findProjectsByStream(created.streamId)).length, 1);
    const named = `"Integration stream" (${created.streamId})`;
    // The tree names the stream under the project.
    await vscode.commands.executeCommand('lca.refreshProjects');
    const projectNode = (await a.testing.projectsTree.getChildren()).find((n) => n.kind === 'project' && n.project.id === project.id);
    assert.ok(projectNode, 'the new project is listed');
    const streamGroup = (await a.testing.projectsTree.getChildren(projectNode)).find((g) => g.kind === 'group' && g.group === 'stream')!;
    const [streamNode] = await a.testing.projectsTree.getChildren(streamGroup);
    assert.strictEqual(String(a.testing.projectsTree.getTreeItem(streamNode).label), `Stream ${named}`);
    // Asked by id (palette) and from the tree item, the confirmation names the stream.
    ui.answerConfirmations(false);
    assert.strictEqual(await vscode.commands.executeCommand('lca.deleteStream', created.streamId), false);
    assert.strictEqual(ui.messages().at(-1)?.message, `Delete stream ${named}?`);
    assert.match(ui.messages().at(-1)?.detail ?? '', /cannot be undone/);
    assert.deepStrictEqual((await client.findProjectsByStream(created.streamId)).map((p) => p.id), [project.id]);
    const seq = ui.count();
    ui.answerConfirmations(true);
    assert.strictEqual(await vscode.commands.executeCommand('lca.deleteStream', streamNode), true);
    assert.deepStrictEqual(
      ui.messages(seq).map((m) => [m.kind, m.message]),
      [
        ['confirm', `Delete stream ${named}?`],
        ['info', `Deleted stream ${named}.`],
      ],
    );
    assert.strictEqual((await client.findProjectsByStream(created.streamId)).length, 0);
  });

  it('Show Enumerations opens a readable document with building types and indicators', async () => {
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('lca.showEnumerations');
    assert.ok(doc);
    const text = doc.getText();
    assert.match(text, /Residential - Multi-storey building/);
    assert.match(text, /GWP_TOTAL/);
  });
});
