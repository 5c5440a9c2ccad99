// The tools read a construction as the editor does (the MCP server's way, without an editor): a component's epdId that
// is a workspace material's originalUUID computes with that file's figures (never pushed, not signed in), and the
// reference period is that of the one *.project.json beside the construction or in the nearest folder above that
// holds any, else BR18's 50 years — unless the call gives one.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { epdDataOf } from '../../../src/core/lca/epd';
import { DEFAULT_PERIOD_YEARS } from '../../../src/core/lca/period';
import { choosePeriod } from '../../../src/core/lca/period';
import { periodOfFile } from '../../../src/core/workspace/period';
import { diskWorkspace, runTool, type ToolContext } from '../../../src/core/tools';

const uuid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const material = (n: number, name: string, a1a3: number, lifespan: number) => ({
  name,
  originalUUID: uuid(n),
  originalVersion: '1',
  expectedLifespan: lifespan,
  declaredUnit: { declaredUnit: UNIT.M3, declaredValue: 1 },
  lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: a1a3 }] }],
});
const construction = { name: 'Deck', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: uuid(1).toUpperCase(), constructionUnit: { unit: UNIT.M3, amount: 0.5 } }] };

describe('tools: one reading of a construction (materials by originalUUID, the period of its project)', () => {
  let root: string;
  let ctx: ToolContext;
  const write = (rel: string, value: unknown): void => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), JSON.stringify(value));
  };
  const preview = async (rel: string, period?: number): Promise<{ periodYears: number; total: { A1A3: number; B4: number } | null; notComputed: unknown[] }> => {
    const answer = await runTool('lca_preview_construction', { path: rel, ...(period ? { period } : {}) }, ctx);
    assert.strictEqual(answer.isError, false, answer.text);
    return JSON.parse(answer.text) as never;
  };

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'one-reading-'));
    write('library.materials.json', [material(1, 'Timber board', 100, 20)]);
    write('plain/deck.construction.json', construction);
    write('sixty/office.project.json', { calculationType: { considerationPeriod: 60 } });
    write('sixty/floors/deck.construction.json', construction);
    write('two/a.project.json', { calculationType: { considerationPeriod: 60 } });
    write('two/b.project.json', { calculationType: { considerationPeriod: 80 } });
    write('two/deck.construction.json', construction);
    ctx = { workspace: diskWorkspace([root]), codes: ASSUMED_CODES, rules: BR18_RULES, environment: { name: 'Local', epdUrl: 'https://epd.invalid' } };
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('computes a component named by a workspace material\'s originalUUID (any case), signed out', async () => {
    const a = await preview('plain/deck.construction.json');
    assert.deepStrictEqual(a.notComputed, []);
    // By hand: 0.5 m³ × 100 = 50 A1-A3; lifespan 20 over 50 years: ⌈50/20⌉ − 1 = 2 replacements → B4 = 100.
    assert.deepStrictEqual([a.periodYears, a.total?.A1A3, a.total?.B4], [DEFAULT_PERIOD_YEARS, 50, 100]);
  });

  it('takes the period of the project in the nearest folder above; a given period wins', async () => {
    const a = await preview('sixty/floors/deck.construction.json');
    // 60 years: ⌈60/20⌉ − 1 = 2 replacements → B4 = 100; at 61 years: 3 → 150.
    assert.deepStrictEqual([a.periodYears, a.total?.B4], [60, 100]);
    const given = await preview('sixty/floors/deck.construction.json', 61);
    assert.deepStrictEqual([given.periodYears, given.total?.B4], [61, 150]);
  });

  it('two projects side by side leave the period to the default', async () => {
    assert.strictEqual((await preview('two/deck.construction.json')).periodYears, DEFAULT_PERIOD_YEARS);
    assert.deepStrictEqual(await periodOfFile(ctx.workspace, path.join(root, 'two', 'deck.construction.json'), 42), { years: 42 });
  });

  it('the rule: the first folder with a project file decides', () => {
    assert.deepStrictEqual(choosePeriod([[], [{ project: 'p', years: 70 }], [{ project: 'q', years: 90 }]]), { years: 70, project: 'p' });
    assert.strictEqual(choosePeriod([[{ project: 'p', years: undefined }], [{ project: 'q', years: 90 }]]), undefined);
    assert.strictEqual(choosePeriod([[]]), undefined);
  });

  it("in the editor, a material only its Library knows computes as in the lens; an unknown id names the Library among the places looked", async () => {
    const record = { ...material(9, 'Library board', 200, 20), id: 'lib-1' };
    const inEditor: ToolContext = { ...ctx, library: (id) => (id === 'lib-1' ? { epd: epdDataOf(record, ASSUMED_CODES, id), record } : undefined) };
    const answer = await runTool('lca_preview_construction', { path: 'plain/deck.construction.json', substitutions: [{ component: 0, epdId: 'lib-1' }] }, inEditor);
    assert.strictEqual(answer.isError, false, answer.text);
    // By hand: 0.5 m³ × 200 = 100 A1-A3 with the Library's board instead of 50 with the file's.
    assert.strictEqual((JSON.parse(answer.text) as { whatIf: { total: { A1A3: number } } }).whatIf.total.A1A3, 100);
    const unknown = await runTool('lca_preview_construction', { path: 'plain/deck.construction.json', substitutions: [{ component: 0, epdId: 'no-such-id' }] }, inEditor);
    assert.match(unknown.text, /originalUUID\), the Library, and no one is signed in/);
    // Without the Library (the MCP server), the same id is not known.
    assert.strictEqual((await runTool('lca_preview_construction', { path: 'plain/deck.construction.json', substitutions: [{ component: 0, epdId: 'lib-1' }] }, ctx)).isError, true);
  });

  it('an unknown id says where it was looked for', async () => {
    const answer = await runTool('lca_preview_construction', { path: 'plain/deck.construction.json', substitutions: [{ component: 0, epdId: 'no-such-id' }] }, ctx);
    assert.strictEqual(answer.isError, true);
    assert.match(answer.text, /no material with the id "no-such-id" is known in the workspace's material files \(by service id and by originalUUID\)/);
  });
});
