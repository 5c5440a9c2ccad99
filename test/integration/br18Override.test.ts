// Inside VS Code: New Project and Push Project under an environment whose `br18` override changes the BR18 table —
// retail at 7.5 (the service's documentation) instead of the built-in 8.0 (the ministry), and calculation types
// numbered the other way round (0 = BR18 2025, 1 = BR18 2023). The wizard proposes and writes the environment's limit,
// a project file given without a limit gets it too, and the push confirmation weighs the reference area by the rule
// set the environment's calculation type selects.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { PROJECT_ENUMS } from '../../src/core/codes';
import { BR18_RULES, ruleSetById, stepOfDate } from '../../src/core/lca/br18Rules';
import { testServiceUrls } from './support/service';
import { signInAs } from './support/extension';
import { stubUi } from './support/ui';

const urls = testServiceUrls();
const ENVIRONMENT = 'Retail at 7.5';
const BR18 = {
  limits: { 'br18-2025': { retail: [7.5, 6.8, 6.1] } },
  calculationTypes: { '0': 'br18-2025', '1': 'br18-2023' },
};
/** The limits per step: the environment's and the built-in table's (docs/br18-rules.md, br2025-retail-warehouse). */
const OVERRIDDEN = { '2025': 7.5, '2027': 6.8, '2029': 6.1 } as const;
const BUILT_IN = { '2025': 8.0, '2027': 7.2, '2029': 6.4 } as const;

describe('New Project under an environment’s BR18 override', function () {
  this.timeout(60_000);
  const ui = stubUi();
  const config = () => vscode.workspace.getConfiguration('lca');
  const written: vscode.Uri[] = [];

  before(async function () {
    if (!urls) this.skip();
    await config().update('environments', [{ name: ENVIRONMENT, ...urls, br18: BR18 }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('lca.switchEnvironment', ENVIRONMENT);
    await signInAs('demo@example.com');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const uri of written) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    await config().update('environment', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  it('the wizard proposes and writes the environment’s retail limit and calculation type; Push names the reference area by that rule set', async () => {
    const name = `Override retail ${Date.now()}`;
    // The step of a permit applied for today (the rules are chosen, not dated).
    const step = stepOfDate(ruleSetById(BR18_RULES, 'br18-2025'), new Date().toISOString().slice(0, 10)) ?? '2025';
    // Rules (the environment's code 0 is BR18 2025), category, building type (the nearest, offered first), stage,
    // the 2025 reference-area item, phases (the pre-picked ones).
    ui.answerQuickPicks('BR18 2025', 'Retail', 'Retail', 'Design', 'Conservatories and glazed balconies', '(picked)');
    // Name, heated area, floors, basement (0), limit (proposed), the conservatory's area, period and year (proposed).
    ui.answerInputs(name, '2000', '2', '(default)', '(default)', '40', '(default)', '(default)');
    const boxesBefore = ui.inputBoxes().length;
    try {
      const rules = ui.quickPicks().length;
      const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject');
      assert.ok(uri && uri.path.endsWith('.project.json'), 'the file was written');
      written.push(uri);
      const offered = ui.quickPicks()[rules].items.find((i) => i.label === 'BR18 2025');
      assert.strictEqual(offered?.description, 'calculation type 0', 'the environment’s code for BR18 2025');
      const limitBox = ui.inputBoxes().slice(boxesBefore).find((b) => b.title?.endsWith(': limit'));
      assert.ok(limitBox, 'the limit was asked');
      assert.strictEqual(limitBox.value, String(OVERRIDDEN[step]), 'the environment’s value proposed');
      assert.ok(
        limitBox.prompt?.includes(`by the br18 setting of environment "${ENVIRONMENT}": ${OVERRIDDEN[step].toFixed(1)} (the built-in BR18 table: ${BUILT_IN[step].toFixed(1)})`),
        limitBox.prompt,
      );
      const body = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, Record<string, unknown>>;
      assert.deepStrictEqual(body.calculationType, { calculationTypeEnum: 0, considerationPeriod: 50, extraThresholds: [], thresholdLimitWithoutExtra: OVERRIDDEN[step] });
      assert.deepStrictEqual(body.referencedAreas.values, { 'Conservatories and glazed balconies': 40 });

      // Push: the confirmation weighs the conservatory at 50 % (BR18 2025, the environment's code 0); declined, nothing is sent.
      const before = ui.count();
      ui.answerConfirmations(false);
      assert.strictEqual(await vscode.commands.executeCommand('lca.pushProject', uri), undefined, 'declined');
      const asked = ui.messages(before).find((m) => m.kind === 'confirm');
      assert.match(asked?.detail ?? '', /Reference area: 2[.,]?020 m²/, `2000 + 0.5 × 40: ${asked?.detail ?? 'no confirmation'}`);
    } finally {
      assert.strictEqual(ui.clearAnswers().length, 0, 'every question was asked');
    }
  });

  it('a project file made from choices without a limit gets the environment’s limit', async () => {
    const name = `Override preset ${Date.now()}`;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.newProject', {
      name,
      type: PROJECT_ENUMS.buildingTypeEnum.indexOf('Retail'),
      stage: 1,
      phases: ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'],
      calculationType: 0,
      heatedFloorAreaAboveGround: 2000,
    });
    assert.ok(uri, 'the file was written');
    written.push(uri);
    const body = JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as Record<string, Record<string, unknown>>;
    // Without a permit date the first step applies: the environment's 7.5 for retail under BR18 2025 (its code 0),
    // where the built-in table would read code 0 as BR18 2023 (12.0 above 1,000 m²).
    assert.strictEqual(body.calculationType.thresholdLimitWithoutExtra, 7.5);
  });
});
