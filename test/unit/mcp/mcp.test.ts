// The MCP server as an MCP client sees it: `node dist/mcp.js --workspace <folder>` spawned and connected with the
// SDK's Client over stdio, signed in to the built-in local service (started by the server, as the extension does)
// from its environment variables. Its tools are the core definitions, and they answer against the local service.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { UNIT } from '../../../src/core/codes';
import { TOOLS } from '../../../src/core/tools';
import { CREDENTIALS, MATERIAL_IDS, PROJECT_IDS } from '../../../src/service/seed/ids';
import { LcaClient } from '../../../src/client';
import { whatIfMaterials, whatIfPlan } from '../../../src/core/alternatives';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { isGwpTotalMapping, projectPhases } from '../../../src/core/dashboard/br18View';
import { BR18_RULES, roundBr18 } from '../../../src/core/lca/br18Rules';
import { diskWorkspace } from '../../../src/core/workspace';
import { compareHtml, compareStates, readSide } from '../../../src/core/compare';
import { formatNumber } from '../../../src/core/preview';
import { startLocalService } from '../../../src/service/server';
import { REPO_ROOT } from '../../fixtures/paths';
import { makeWorkspace } from '../tools/support';

interface Answer {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

/** A local service of the test's own (the same seed), signed in as the demo user, for `fn`; stopped and removed after. */
async function withOwnService(prefix: string, fn: (client: LcaClient, epdUrl: string) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const service = await startLocalService({ port: 0, dataDir: dir });
  try {
    const login = await fetch(`${service.urls.authUrl}/v1/user`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(CREDENTIALS.demoUser) });
    const token = ((await login.json()) as { access_token: string }).access_token;
    await fn(new LcaClient({ urls: service.urls, getToken: () => Promise.resolve(token) }), service.urls.epdUrl);
  } finally {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('MCP server (dist/mcp.js) over stdio', function () {
  this.timeout(120_000);
  const root = makeWorkspace();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-mcp-data-'));
  const stderr: string[] = [];
  let client: Client;
  let readyMs = 0;

  before(async () => {
    fs.writeFileSync(
      path.join(root, 'walls', 'service.construction.json'),
      JSON.stringify({
        name: 'Wall of seeded materials',
        declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
        constructionEpds: [{ epdId: MATERIAL_IDS.concreteC30, constructionUnit: { unit: UNIT.M3, amount: 0.2 } }],
      }),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'dist', 'mcp.js'), '--workspace', root],
      env: { PATH: process.env.PATH ?? '', LCA_EMAIL: CREDENTIALS.demoUser.email, LCA_PASSWORD: CREDENTIALS.demoUser.password, LCA_LOCAL_DATA: data },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => stderr.push(String(d)));
    client = new Client({ name: 'test', version: '1.0.0' });
    const t0 = Date.now();
    await client.connect(transport);
    readyMs = Date.now() - t0;
  });
  after(async () => {
    await client?.close();
  });

  const call = async (name: string, args: Record<string, unknown>): Promise<Answer> => (await client.callTool({ name, arguments: args })) as Answer;
  // The client checks structured content against the tool's output schema (listed first); the text is the same JSON.
  const json = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const a = await call(name, args);
    assert.ok(!a.isError, a.content[0]?.text);
    const value = JSON.parse(a.content[0].text) as Record<string, unknown>;
    assert.deepStrictEqual(a.structuredContent, value, `${name}: the structured content is the text's JSON`);
    return value;
  };

  it('answers initialize within 1 s of the spawn, beyond what starting Node itself takes on this machine now', () => {
    // The budget is 1 s on an idle machine; a shared CI machine stretches every process start alike, so the start of a
    // bare `node -e 0` measured right after is allowed on top (twice, for its variance). Both are printed.
    const t0 = Date.now();
    execFileSync(process.execPath, ['-e', '0']);
    const bareNodeMs = Date.now() - t0;
    console.log(`      initialize answered ${readyMs} ms after spawn; a bare Node start took ${bareNodeMs} ms`);
    assert.ok(readyMs <= 1000 + 2 * bareNodeMs, `initialize answered after ${readyMs} ms (bare Node start ${bareNodeMs} ms)`);
  });

  it('lists the tools with the names, input and output schemas of the core definitions, write tools marked destructive', async () => {
    const { tools } = await client.listTools();
    assert.deepStrictEqual(tools.map((t) => t.name), TOOLS.map((t) => t.name));
    for (const t of TOOLS) {
      const listed = tools.find((x) => x.name === t.name)!;
      assert.deepStrictEqual(listed.inputSchema, t.inputSchema, t.name);
      assert.deepStrictEqual(listed.outputSchema, t.outputSchema, t.name);
      assert.strictEqual(listed.description, t.description);
      assert.strictEqual(listed.annotations?.readOnlyHint, !t.writes, t.name);
      assert.strictEqual(listed.annotations?.destructiveHint, t.writes, t.name);
      // The bulk-create tool only plans (sending needs the person): read-only; the import writes with its flag.
      if (t.name === 'lca_bulk_create') assert.deepStrictEqual([listed.annotations?.readOnlyHint, listed.annotations?.destructiveHint], [true, false]);
      if (t.name === 'lca_import_epds') assert.deepStrictEqual([listed.annotations?.readOnlyHint, listed.annotations?.destructiveHint], [false, true]);
    }
  });

  it('lca_list_projects and lca_project_result answer from the local service as the signed-in user', async () => {
    const list = await json('lca_list_projects', {});
    const projects = list.projects as { id: string; name: string }[];
    assert.ok(projects.length > 0);
    const r = await json('lca_project_result', { projectId: projects[0].id });
    const br18 = r.br18 as { kind: string; building?: { value: number; limit: number; margin: number; passes: boolean }; reason?: string };
    assert.ok(br18.kind === 'verdict' || typeof br18.reason === 'string', JSON.stringify(br18));
    if (br18.building) {
      const b = br18.building;
      assert.ok(Math.abs(b.margin - (b.limit - b.value)) < 1e-9, JSON.stringify(b));
      assert.strictEqual(b.passes, b.value <= b.limit);
    }
    assert.ok((r.stages as string[]).includes('D'));
    // Figures as numbers, not the service's decimal strings; a project id it does not have says what to call.
    assert.strictEqual(typeof r.referenceAreaM2, 'number');
    for (const v of Object.values(r.perPhase as Record<string, unknown>)) assert.strictEqual(typeof v, 'number');
    const missing = await call('lca_project_result', { projectId: 'no-such-project' });
    assert.deepStrictEqual([missing.isError, missing.content[0].text], [true, 'Project "no-such-project" not found: call lca_list_projects to see the project ids you can read.']);
  });

  it('lca_preview_construction reads a seeded material from the service; a what-if swaps it', async () => {
    const r = await json('lca_preview_construction', {
      path: 'walls/service.construction.json',
      substitutions: [{ component: 0, epdId: MATERIAL_IDS.concreteC25 }],
    });
    assert.strictEqual((r.total as { A1A3: number }).A1A3, 56.4); // 0.2 m³ × 282
    assert.strictEqual((r.change as { A1A3: number }).A1A3, -8.2); // 0.2 × (241 − 282)
  });

  it('the workspace tools answer too, and a bad input says what to change', async () => {
    const found = await json('lca_search_materials', { query: 'fabriksbeton', declaredUnit: 'M3', gwpMax: 250 });
    assert.strictEqual(found.matching, 2);
    const alts = await json('lca_find_alternatives', { path: 'library/tabel7.materials.json', component: 0, query: 'træ', limit: 3 });
    assert.ok(Array.isArray(alts.alternatives));
    const bad = await call('lca_check_files', { path: 'walls' });
    assert.strictEqual(bad.isError, true);
    assert.strictEqual(bad.structuredContent, undefined);
    assert.match(bad.content[0].text, /add the required property "paths"; remove the unknown property "path"/);
    const outside = await call('lca_check_files', { paths: ['/etc'] });
    assert.strictEqual(outside.isError, true);
    assert.match(outside.content[0].text, /outside the workspace/);
  });

  it('lca_find_alternatives with a project id answers what would make it pass, with the dashboard What if…\'s figures for the same changes', async () => {
    // The office (BR18 2025, office: limit 7.5) judged 8.6 (exact 8.5613): it fails by 1.1.
    const r = await json('lca_find_alternatives', { projectId: PROJECT_IDS.office });
    type Side = { kind: string; building: { value: number; limit: number; margin: number; passes: boolean }; constructionProcess?: { value: number; passes: boolean } };
    const before = r.before as Side;
    assert.deepStrictEqual([before.kind, before.building.value, before.building.limit, before.building.margin, before.building.passes], ['verdict', 8.6, 7.5, -1.1, false]);
    assert.deepStrictEqual(r.neededToPass, { building: -1.1, constructionProcess: 0 });
    const largest = r.largestChanges as { number: number; material: string; replacement: string; change: number; after: Side }[];
    assert.strictEqual(largest.length, 3);
    // Each single change judged as BR18 judges: the sum of the modules after it, rounded to one decimal.
    for (const c of largest) assert.strictEqual(c.after.building.value, roundBr18(8.5613 + c.change), `${c.material} → ${c.replacement}`);
    type Candidate = { replacement: string; change: number; job: { form?: string }; basis: string; worthChecking?: string };
    const hot = r.hotSpots as { material: string; family?: string; job?: { form?: string }; candidates: Candidate[]; otherFamiliesNotOffered: number; otherJobsNotOffered: number }[];
    const brick = hot.find((h) => h.material === 'Clay brick, outer leaf')!;
    assert.strictEqual(brick.family, 'masonry');
    assert.strictEqual(brick.job?.form, 'facing', 'the outer leaf is a facing brick');
    assert.ok(brick.otherFamiliesNotOffered > 0 && brick.otherJobsNotOffered > 0);
    assert.ok(!brick.candidates.some((c) => c.replacement === 'Ler, stampet ler'), 'rammed earth does not do the job of a facing brick');
    // Only swaps of the same job with nothing open are among the largest changes.
    for (const c of largest) {
      const candidate = hot.find((h) => h.material === c.material)!.candidates.find((x) => x.replacement === c.replacement)!;
      assert.strictEqual(candidate.worthChecking, undefined, `${c.material} → ${c.replacement} has nothing to check`);
    }
    const eps = hot.find((h) => h.material === 'EPS 035')!;
    assert.match(eps.candidates.find((c) => c.replacement === 'Mineral wool, general')!.basis, /^Equal thermal resistance: λ 0\.037 \(stated default, VIF\) for λ 0\.035 \(its name\), the amount × 1\.057$/);
    const combination = r.combination as { changes: number[]; passes: boolean; says: string; after: Side };
    assert.strictEqual(combination.says, combination.passes ? `Passes with change${combination.changes.length > 1 ? 's' : ''} ${combination.changes.join(' + ')}` : `Even changes ${combination.changes.join(' + ')} together do not reach the limit`);
    assert.strictEqual(combination.after.building.value <= 7.5, combination.passes);
    // By hand: the changes together lower the judged figure by the sum of theirs.
    const sum = combination.changes.reduce((t, n) => t + largest[n - 1].change, 0);
    assert.strictEqual(combination.after.building.value, roundBr18(8.5613 + sum));
    // The swaps worth checking, apart, each with the check that stands between the building and a pass.
    const checks = r.worthChecking as { material: string; replacement: string; check: string; says: string }[];
    assert.ok(checks.length > 0);
    for (const c of checks) assert.ok(c.says.includes(c.check.charAt(0).toLowerCase() + c.check.slice(1)) && /once this is checked/.test(c.says), c.says);

    // The dashboard's What if… on the same project, seed and workspace (a local service of the test's own, read as the
    // dashboard panel reads it): the same largest changes with the same figures, and the same combination.
    await withOwnService('lca-mcp-dash-', async (dash, epdUrl) => {
      const detail = await dash.getProject(PROJECT_IDS.office);
      const stages = projectPhases(detail);
      const gwp = (await dash.getIndicatorEnums()).indicatorTypeMappings?.find((m) => isGwpTotalMapping({ name: String(m.name), ...(m.indicator !== undefined ? { indicator: String(m.indicator) } : {}) }));
      const response = await dash.getDashboard(PROJECT_IDS.office, { stages, ...(gwp ? { indicatorTypeMappingId: String(gwp.id) } : {}) });
      const all = response.dashboardsPerBranchPlusTotal;
      const ctx = { workspace: diskWorkspace([root], new Map()), codes: ASSUMED_CODES, environment: { name: 'Local', epdUrl }, service: dash };
      const materials = await whatIfMaterials(ctx, all.Total);
      const plan = whatIfPlan({ all, stages, detail, ...(gwp ? { indicator: { name: String(gwp.name), gwpTotal: true } } : {}) }, materials, { material: 'Clay brick, outer leaf' }, { rules: BR18_RULES, codes: ASSUMED_CODES })!;
      assert.deepStrictEqual(
        largest.map((c) => [c.material, c.replacement, c.change, c.after.building.value, c.after.building.passes]),
        plan.answer.largest.map((c) => [c.material, c.replacement, Number(c.change.toFixed(4)), c.building, c.passes]),
      );
      assert.deepStrictEqual([combination.changes, combination.passes, combination.after.building.value], [plan.answer.combination!.changes, plan.answer.combination!.passes, plan.answer.combination!.building]);
      assert.deepStrictEqual(checks.map((c) => [c.material, c.replacement]), (plan.answer.worthChecking ?? []).map((c) => [c.material, c.replacement]));
    });
  });

  it('lca_compare gives the comparison page\'s figures: the office against its timber variant, the verdict flipping', async () => {
    const answer = await json('lca_compare', { a: { projectId: PROJECT_IDS.office }, b: { projectId: PROJECT_IDS.officeTimber } });
    // The page's comparison, read in-process from a local service of the same seed as the editor reads it.
    await withOwnService('lca-mcp-compare-', async (dash) => {
      const unused = (): never => assert.fail('a project side reads no file');
      const reader = { codes: ASSUMED_CODES, rules: BR18_RULES, readText: unused, shown: (p: string) => p, ensure: async () => undefined, resolve: unused, periodOf: unused, service: dash, version: '' };
      const c = compareStates(await readSide({ projectId: PROJECT_IDS.office }, reader), await readSide({ projectId: PROJECT_IDS.officeTimber }, reader));
      assert.ok(!('problem' in c));
      const six = (x: number) => Number(x.toPrecision(6));
      const side = (x: unknown) => x as { figure: number; building: { value: number; passes: boolean } };
      assert.deepStrictEqual([side(answer.a).figure, side(answer.b).figure, answer.difference], [six(c.a.figure), six(c.b.figure), six(c.difference)]);
      assert.deepStrictEqual([side(answer.a).building.passes, side(answer.b).building.passes], [false, true]);
      assert.deepStrictEqual(answer.verdictChange, { building: 'failsToPasses', constructionProcess: null });
      const page = compareHtml(c, { nonce: 'n' });
      assert.ok(page.includes(`<strong>${formatNumber(c.difference, 'en')}</strong>`), 'the page shows the same difference');
      assert.match(page, /The building: the verdict changes from fails to passes\./);
      assert.doesNotMatch(page, /\de-\d/, 'no rounding noise shown as a change');
      assert.match(page, /<p>9 building part\(s\) unchanged\.<\/p>/, 'the parts the variant leaves alone counted, not listed');
      assert.deepStrictEqual((answer.parts as { part: string }[]).slice(0, 2).map((p) => p.part), c.parts.slice(0, 2).map((p) => p.part));
    });
  });

  it('a write without its flag changes nothing', async () => {
    const listing = (): string[] => fs.readdirSync(path.join(root, 'downloads')).sort();
    const before = listing();
    const dry = await json('lca_import_epds', { paths: ['downloads/tabel7.csv'] });
    assert.strictEqual(dry.dryRun, true);
    assert.deepStrictEqual(listing(), before);
    const sidecar = fs.readFileSync(path.join(root, 'library', 'tabel7.materials.created.json'), 'utf8');
    const plan = await json('lca_bulk_create', { path: 'library/tabel7.materials.json' });
    assert.strictEqual(plan.sent, false);
    assert.strictEqual(fs.readFileSync(path.join(root, 'library', 'tabel7.materials.created.json'), 'utf8'), sidecar);
  });

  it('lca_export_constructions plans an LCAbyg file of a construction of service materials, and writes it only with write: true', async () => {
    const target = path.join(root, 'walls', 'service.lcabyg.json');
    const plan = await json('lca_export_constructions', { paths: ['walls/service.construction.json'], format: 'lcabyg' });
    assert.strictEqual(plan.dryRun, true);
    assert.strictEqual(plan.file, 'walls/service.lcabyg.json');
    assert.deepStrictEqual(plan.constructions, ['walls/service.construction.json']);
    assert.match(String(plan.secondImport), /LCAbyg refuses an import whose ids it already has/);
    assert.ok(!fs.existsSync(target), 'a dry run writes nothing');
    const written = await json('lca_export_constructions', { paths: ['walls/service.construction.json'], format: 'lcabyg', write: true });
    assert.deepStrictEqual(written.written, ['walls/service.lcabyg.json', 'walls/service.lcabyg.report.md']);
    const items = JSON.parse(fs.readFileSync(target, 'utf8')) as { Node?: Record<string, { stage?: string }> }[];
    assert.strictEqual(items.filter((i) => i.Node?.Construction).length, 1);
    assert.ok(items.some((i) => i.Node?.Stage?.stage === 'A1to3'));
  });

  it('never writes the password to its log', () => {
    const log = stderr.join('');
    assert.match(log, /signed in to Local as demo@example.com/);
    assert.ok(!log.includes(CREDENTIALS.demoUser.password));
  });
});
