// A workspace of a consultant for the tool tests: BR18 Tabel 7 imported as a bulk file with a bulk-create record (so
// its rows have service ids), a 20 cm concrete wall per m², a broken material and a Tabel 7 CSV to import. And runTool
// as the tool tests call it: every answer checked against the tool's output schema.
import * as assert from 'assert';
import Ajv, { type ValidateFunction } from 'ajv';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { importTable7 } from '../../../src/core/import/table7';
import { runTool as runCoreTool, toolNamed, type ToolAnswer, type ToolContext } from '../../../src/core/tools';
import { format } from '../../../src/core/l10n';
import { readFixture } from '../../fixtures/paths';

export const EPD_URL = 'http://127.0.0.1:9/epd';

/** The service id (a UUID, as the service's) the record gives a Tabel 7 row: #B1477 → 00000000-0000-4000-8000-004200001477. */
export const t7 = (sortId: string): string => `00000000-0000-4000-8000-${sortId.charCodeAt(1).toString(16).padStart(4, '0')}${sortId.slice(2).padStart(8, '0')}`;

export function makeWorkspace(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-tools-'));
  const csv = readFixture('import', 'table7', 'tabel7.csv');
  const imported = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(csv) }, ASSUMED_CODES);
  fs.mkdirSync(path.join(root, 'library'));
  fs.writeFileSync(path.join(root, 'library', 'tabel7.materials.json'), JSON.stringify(imported.materials.map((m) => m.material), null, 2));
  const items = imported.materials.map((m) => ({
    originalUUID: m.material.originalUUID,
    originalVersion: m.material.originalVersion,
    id: t7(/\((#[A-Z]\d+)\)$/.exec(format(m.source))![1]),
    name: m.material.name,
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
  fs.writeFileSync(
    path.join(root, 'library', 'tabel7.materials.created.json'),
    JSON.stringify({ $comment: 'record', source: 'tabel7.materials.json', epdUrl: EPD_URL, items }, null, 2),
  );
  fs.mkdirSync(path.join(root, 'walls'));
  fs.writeFileSync(
    path.join(root, 'walls', 'concrete.construction.json'),
    JSON.stringify(
      {
        name: 'Betonvæg 20 cm med facadeisolering',
        declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
        constructionEpds: [
          { epdId: t7('#B1477'), constructionUnit: { unit: UNIT.M2, amount: 1, height: 0.2 } },
          { epdId: t7('#G1229'), constructionUnit: { unit: UNIT.M3, amount: 0.15 } },
        ],
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(path.join(root, 'walls', 'broken.construction.json'), '{\n  "name": "Broken",\n  "constructionEpds": [\n    { "epdId": 42 }\n  ]\n}\n');
  fs.mkdirSync(path.join(root, 'downloads'));
  fs.writeFileSync(path.join(root, 'downloads', 'tabel7.csv'), csv.split(/\r?\n/).slice(0, 4).join('\n') + '\n');
  return root;
}

// Strict: a keyword the schema misspells is an error, not ignored.
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = new Map<string, ValidateFunction>();

/** Whether `value` fits the output schema of tool `name`: undefined when it does, else what does not fit. */
export function outputMisfit(name: string, value: unknown): string | undefined {
  const tool = toolNamed(name);
  assert.ok(tool, `no tool ${name}`);
  let validate = validators.get(name);
  if (!validate) validators.set(name, (validate = ajv.compile(tool.outputSchema)));
  return validate(value) ? undefined : ajv.errorsText(validate.errors, { dataVar: 'answer' });
}

/**
 * The core's runTool, with each answer checked as a host receives it: its text is JSON that fits the tool's output
 * schema, and the structured result (MCP's structuredContent) is that same JSON. A refusal or failure is returned as is.
 */
export async function runTool(name: string, input: unknown, ctx: ToolContext): Promise<ToolAnswer> {
  const answer = await runCoreTool(name, input, ctx);
  if (answer.isError) return answer;
  const value: unknown = JSON.parse(answer.text);
  const misfit = outputMisfit(name, value);
  assert.strictEqual(misfit, undefined, `the answer of ${name} does not fit its output schema: ${misfit}`);
  assert.deepStrictEqual(JSON.parse(JSON.stringify(answer.result)), value, `${name}: the structured result is the text's JSON`);
  return answer;
}
