// Every tool's answer is what its output schema says: each tool called as a model calls it, signed in to the local
// service, on the tool tests' workspace — every shape of answer it has (a dry run and a write, a component, a material
// file, a material id and a project) — and each answer checked against the schema with ajv (support.ts's runTool).
// In those answers a figure is a number (never the service's decimal string) and a reason or message a sentence that
// begins with a capital letter; so does every refusal, and a project id the service does not have says what to call.
// The workspace's bulk-create record is of EPD_URL's environment: its rows have service ids there.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, TOOLS, type ToolContext } from '../../../src/core/tools';
import { LEADING_IDENTIFIER, sentence } from '../../../src/core/tools/shared';
import { MATERIAL_IDS, PROJECT_IDS } from '../../../src/service/seed/ids';
import { startService, TestSession, type RunningService } from '../client/support/localService';
import { EPD_URL, makeWorkspace, outputMisfit, runTool, t7 } from './support';

/** The keys under which an answer holds a reason or a message: prose a model reads on its own (an id has no space). */
const PROSE = new Set(['reason', 'message', 'problem', 'note', 'next', 'says', 'why', 'basis', 'estimate', 'notChecked', 'check', 'first', 'totalMissingBecause', 'sameFamilyOnly', 'noneLower', 'secondImport']);
/** A number written as a string, as the service sends its decimals. */
const NUMBER_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** Every string of a JSON value with the path to it (`.perPhase.A1A3`, `.findings[].message`). */
function stringsOf(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v) => stringsOf(v, `${at}[]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringsOf(v, `${at}.${k}`));
  return [];
}
const keyOf = (at: string): string => /\.([^.[\]]+)(\[\])*$/.exec(at)?.[1] ?? '';

describe('tools for agents: every answer fits its output schema', function () {
  this.timeout(60_000);
  const root = makeWorkspace();
  let service: RunningService;
  let ctx: ToolContext;
  const answered = new Set<string>();
  const answers: { call: string; value: unknown }[] = [];

  before(async () => {
    service = await startService();
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    ctx = { workspace: diskWorkspace([root]), codes: ASSUMED_CODES, rules: BR18_RULES, service: session.client(service.urls), environment: { name: 'Local', epdUrl: EPD_URL, login: 'demo@example.com' } };
  });
  after(async () => {
    await service?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const calls: [string, Record<string, unknown>][] = [
    ['lca_check_files', { paths: ['walls', 'library'], maxFindings: 1 }],
    ['lca_preview_construction', { path: 'walls/concrete.construction.json' }],
    ['lca_preview_construction', { path: 'walls/concrete.construction.json', substitutions: [{ component: 0, epdId: t7('#B1425') }], period: 60 }],
    ['lca_preview_construction', { path: 'walls/broken.construction.json' }],
    ['lca_search_materials', { query: 'beton', limit: 2 }],
    ['lca_search_materials', { declaredUnit: 'M3', gwpMin: 100, gwpMax: 250 }],
    ['lca_find_alternatives', { path: 'walls/concrete.construction.json', component: 0 }],
    ['lca_find_alternatives', { path: 'library/tabel7.materials.json', component: 0, anyFamily: true, limit: 3 }],
    ['lca_find_alternatives', { epdId: t7('#B1477'), onlyLower: false }],
    ['lca_find_alternatives', { projectId: PROJECT_IDS.office }],
    ['lca_list_projects', {}],
    ['lca_list_projects', { limit: 1 }],
    ['lca_project_result', { projectId: PROJECT_IDS.office }],
    ['lca_project_result', { projectId: PROJECT_IDS.terraced, stages: ['A1A3', 'D'] }],
    ['lca_import_epds', { paths: ['downloads/tabel7.csv'] }],
    ['lca_import_epds', { paths: ['downloads/tabel7.csv'], write: true }],
    ['lca_bulk_create', { path: 'library/tabel7.materials.json' }],
    ['lca_check_submission', { projectId: PROJECT_IDS.office }],
    ['lca_export_documentation', { projectId: PROJECT_IDS.office }],
    ['lca_export_documentation', { projectId: PROJECT_IDS.school, path: 'out/school.br18.xlsx', write: true }],
    ['lca_export_constructions', { paths: ['walls/concrete.construction.json'], format: 'lcabyg' }],
    ['lca_export_constructions', { paths: ['walls/concrete.construction.json'], format: 'lcax', write: true }],
    ['lca_compare', { a: { path: 'walls/concrete.construction.json' }, b: { path: 'walls/concrete.construction.json' } }],
    ['lca_compare', { a: { projectId: PROJECT_IDS.school }, b: { projectId: PROJECT_IDS.office }, limit: 3 }],
  ];
  for (const [name, input] of calls) {
    it(`${name} ${JSON.stringify(input)}`, async () => {
      const answer = await runTool(name, input, ctx);
      assert.strictEqual(answer.isError, false, answer.text);
      answered.add(name);
      answers.push({ call: `${name} ${JSON.stringify(input)}`, value: JSON.parse(answer.text) });
    });
  }

  it('every tool was answered and checked', () => {
    assert.deepStrictEqual([...answered].sort(), TOOLS.map((t) => t.name).sort());
    assert.ok(fs.existsSync(path.join(root, 'out', 'school.br18.xlsx')));
  });

  it('a figure is a number in every answer and every schema: no decimal string, as the service sends them', () => {
    const strings = answers.flatMap(({ call, value }) => stringsOf(value).filter(([, v]) => NUMBER_TEXT.test(v)).map(([at, v]) => `${call}: ${at} = ${JSON.stringify(v)}`));
    assert.deepStrictEqual(strings, []);
    const eitherType = (schema: unknown, at: string): string[] => {
      if (!schema || typeof schema !== 'object') return [];
      const type = (schema as { type?: unknown }).type;
      const here = Array.isArray(type) && type.includes('string') && (type.includes('number') || type.includes('integer')) ? [at] : [];
      return [...here, ...Object.entries(schema).flatMap(([k, v]) => eitherType(v, `${at}/${k}`))];
    };
    assert.deepStrictEqual(TOOLS.flatMap((t) => eitherType(t.outputSchema, t.name)), []);
  });

  it('lca_project_result gives the service\'s figures as numbers: the reference area, each phase, module D', async () => {
    const summary = await ctx.service!.getDashboardSummary(PROJECT_IDS.office, { stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] });
    const r = JSON.parse((await runTool('lca_project_result', { projectId: PROJECT_IDS.office }, ctx)).text) as { referenceAreaM2: unknown; perPhase: Record<string, unknown>; moduleD_apart: unknown; service: { emissionBudgetUsed: unknown } };
    assert.strictEqual(typeof summary.referenceArea, 'string', 'the service sends the area as a decimal string');
    assert.strictEqual(r.referenceAreaM2, Number(summary.referenceArea));
    assert.deepStrictEqual(Object.keys(r.perPhase).sort(), ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D']);
    for (const [phase, v] of Object.entries(r.perPhase)) assert.strictEqual(typeof v, 'number', phase);
    assert.strictEqual(r.moduleD_apart, r.perPhase.D);
    assert.strictEqual(typeof r.service.emissionBudgetUsed, 'number');
  });

  it('every reason and message in the answers begins with a capital letter', () => {
    const prose = answers.flatMap(({ call, value }) => stringsOf(value).filter(([at, v]) => PROSE.has(keyOf(at)) && v.includes(' ')).map(([at, v]) => ({ where: `${call}: ${at}`, v })));
    assert.ok(prose.length > 20, `only ${prose.length} reasons and messages seen`);
    assert.deepStrictEqual(prose.filter(({ v }) => /^[a-z]/.test(v) && !LEADING_IDENTIFIER.test(v)).map(({ where, v }) => `${where} = ${JSON.stringify(v.slice(0, 80))}`), []);
  });

  it('a sentence keeps a property\'s name it begins with as it is spelled', () => {
    assert.deepStrictEqual(
      ['the document is missing `declaredUnit`', 'referenceServiceLife 0 is not a whole number', '`amount` must be a number', '3 elements'].map(sentence),
      ['The document is missing `declaredUnit`', 'referenceServiceLife 0 is not a whole number', '`amount` must be a number', '3 elements'],
    );
  });

  it('every refusal and failure begins with a capital letter, signed in or not', async () => {
    const signedOut: ToolContext = { ...ctx, service: undefined };
    const refusals: [string, Record<string, unknown>, ToolContext][] = [
      ['lca_check_files', {}, ctx],
      ['lca_check_files', { paths: ['downloads/tabel7.csv'] }, ctx],
      ['lca_check_files', { paths: ['/'] }, ctx],
      ['lca_preview_construction', { path: 'downloads' }, ctx],
      ['lca_preview_construction', { path: 'walls/missing.construction.json' }, ctx],
      ['lca_preview_construction', { path: 'walls/concrete.construction.json', substitutions: [{ component: 9, epdId: t7('#B1425') }] }, ctx],
      ['lca_preview_construction', { path: 'walls/concrete.construction.json', substitutions: [{ component: 0, epdId: 'no-such-material' }] }, signedOut],
      ['lca_search_materials', { declaredUnit: 'furlong' }, ctx],
      ['lca_find_alternatives', { epdId: 'no-such-material' }, signedOut],
      ['lca_find_alternatives', { epdId: MATERIAL_IDS.concreteC30, path: 'walls' }, ctx],
      ['lca_find_alternatives', { path: 'walls/concrete.construction.json' }, ctx],
      ['lca_list_projects', {}, signedOut],
      ['lca_project_result', { projectId: PROJECT_IDS.office }, signedOut],
      ['lca_project_result', { projectId: 'no-such-project' }, ctx],
      ['lca_check_submission', { projectId: PROJECT_IDS.office }, signedOut],
      ['lca_export_documentation', { projectId: PROJECT_IDS.office, path: 'out/school.xlsx.txt' }, ctx],
      ['lca_export_documentation', { projectId: PROJECT_IDS.school, path: 'out/school.br18.xlsx', write: true }, ctx],
      ['lca_import_epds', { paths: ['downloads/missing.csv'] }, ctx],
      ['lca_bulk_create', { path: 'library/tabel7.materials.json', send: true }, ctx],
      ['lca_no_such_tool', {}, ctx],
    ];
    const texts: string[] = [];
    for (const [name, input, context] of refusals) {
      const answer = await runTool(name, input, context);
      assert.strictEqual(answer.isError, true, `${name} ${JSON.stringify(input)}: ${answer.text}`);
      texts.push(answer.text);
    }
    assert.deepStrictEqual(texts.filter((t) => !/^[A-Z]/.test(t)), []);
  });

  it('a project id the service does not have: what to call to find one, for every tool that takes a project', async () => {
    for (const name of TOOLS.filter((t) => 'projectId' in t.inputSchema.properties).map((t) => t.name)) {
      const answer = await runTool(name, { projectId: 'no-such-project' }, ctx);
      assert.strictEqual(answer.isError, true, name);
      assert.strictEqual(answer.text, 'Project "no-such-project" not found: call lca_list_projects to see the project ids you can read.', name);
    }
  });

  it('each schema refuses what its tool does not answer', () => {
    for (const t of TOOLS) {
      assert.strictEqual(t.outputSchema.type, 'object', t.name);
      assert.ok(outputMisfit(t.name, {}), `${t.name}'s schema takes an empty answer`);
      assert.ok(outputMisfit(t.name, { unknown: 1 }), `${t.name}'s schema takes an unknown property`);
    }
  });
});
