// The code lists in schemas/ equal the one table in src/core/codes.ts, and every property is documented for VS Code.
import { BR18_RULES, referenceAreaFactors } from '../../../src/core/lca/br18Rules';
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv';
import { EPD_TYPES, INDICATORS, MODULE_STATUS, MODULES, PHASES, PROJECT_ENUMS, UNITS } from '../../../src/core/codes';
import { COMMON_SCHEMA_FILE, SCHEMA_DOCUMENTS, SCHEMA_FILES } from '../../../src/core/schemas';
import { SCHEMAS_DIR } from '../../fixtures/paths';

type Schema = Record<string, unknown>;

const common = SCHEMA_DOCUMENTS[COMMON_SCHEMA_FILE] as { definitions: Record<string, Schema> };
const def = (name: string): Schema => common.definitions[name];

/** Every sub-schema of a schema with its JSON pointer. */
function walk(schema: unknown, pointer: string, visit: (node: Schema, pointer: string) => void): void {
  if (typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => walk(s, `${pointer}/${i}`, visit));
    return;
  }
  const node = schema as Schema;
  visit(node, pointer);
  for (const key of ['properties', 'definitions']) {
    const map = node[key] as Record<string, unknown> | undefined;
    if (map) for (const [name, sub] of Object.entries(map)) walk(sub, `${pointer}/${key}/${name}`, visit);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not']) {
    if (typeof node[key] === 'object') walk(node[key], `${pointer}/${key}`, visit);
  }
}

/** Checks a definition's enum and that each value's descriptions mention the given pieces (label, name, unit…). */
function checkEnum(
  name: string,
  values: readonly (number | string)[],
  plainParts: (i: number) => string[],
  markdownParts: (i: number) => string[],
): void {
  const outer = def(name);
  assert.ok(outer, `definition ${name} is missing`);
  // A code the interface only calls "integer" accepts any integer: the known codes sit in the first anyOf branch
  // (completions with their names), the second takes any other integer (the LCA rules warn about it).
  const tolerant = Array.isArray(outer.anyOf);
  if (tolerant) {
    assert.strictEqual(outer.type, 'integer', `${name}: any integer`);
    assert.deepStrictEqual((outer.anyOf as Schema[])[1], { type: 'integer' }, `${name}: the second branch takes any integer`);
  }
  const d = tolerant ? (outer.anyOf as Schema[])[0] : outer;
  assert.deepStrictEqual(d.enum, [...values], `${name}: enum values`);
  const plain = d.enumDescriptions as string[];
  const md = d.markdownEnumDescriptions as string[];
  assert.strictEqual(plain.length, values.length, `${name}: one enumDescription per value`);
  assert.strictEqual(md.length, values.length, `${name}: one markdownEnumDescription per value`);
  values.forEach((_, i) => {
    for (const part of plainParts(i)) assert.ok(plain[i].includes(part), `${name}[${i}]: "${plain[i]}" should mention "${part}"`);
    for (const part of markdownParts(i)) assert.ok(md[i].includes(part), `${name}[${i}]: "${md[i]}" should mention "${part}"`);
    // A note such as "(assumed code)" said once, not twice (it once came from both the name and the schema builder).
    for (const text of [plain[i], md[i]]) {
      const notes = text.match(/\([^()]+\)/g) ?? [];
      assert.strictEqual(new Set(notes).size, notes.length, `${name}[${i}]: "${text}" repeats a note`);
      assert.ok(!(/assumed/.test(text) && text.indexOf('assumed') !== text.lastIndexOf('assumed')), `${name}[${i}]: "${text}" says "assumed" twice`);
    }
  });
}

describe('schema code lists equal src/core/codes.ts', () => {
  it('module codes 0–17 with their labels and names', () => {
    checkEnum(
      'moduleCode',
      MODULES.map((m) => m.code),
      (i) => [`${MODULES[i].label}: ${MODULES[i].name}`],
      (i) => [`**${MODULES[i].label}**`, MODULES[i].name],
    );
  });
  it('module status codes', () => {
    checkEnum('moduleStatus', MODULE_STATUS.map((s) => s.code), (i) => [MODULE_STATUS[i].label], (i) => [`**${MODULE_STATUS[i].label}**`]);
  });
  it('indicator names with their descriptions and units', () => {
    checkEnum(
      'indicatorName',
      INDICATORS.map((i) => i.name),
      (i) => [`${INDICATORS[i].description} [${INDICATORS[i].unit}]`],
      (i) => [INDICATORS[i].description, `**${INDICATORS[i].unit}**`],
    );
    assert.deepStrictEqual(def('indicatorUnit').examples, [...new Set(INDICATORS.map((i) => i.unit))]);
  });
  it('codes the interface calls only "integer" accept any integer; those it fixes stay closed', () => {
    for (const name of ['unitCode', 'massUnitCode', 'moduleStatus', 'epdType', 'buildingType', 'projectStage']) {
      assert.ok(Array.isArray(def(name).anyOf), `${name} is tolerant`);
    }
    for (const name of ['moduleCode', 'indicatorName', 'phaseCode']) assert.ok(Array.isArray(def(name).enum), `${name} stays an enum`);
  });
  it('unit codes with their labels, and the mass units among them', () => {
    checkEnum('unitCode', UNITS.map((u) => u.code), (i) => [`${UNITS[i].label}: ${UNITS[i].name}`], (i) => [`**${UNITS[i].label}**`, UNITS[i].name]);
    const mass = UNITS.filter((u) => u.dimension === 'mass');
    checkEnum('massUnitCode', mass.map((u) => u.code), (i) => [mass[i].label], (i) => [`**${mass[i].label}**`]);
  });
  it('EPD types', () => {
    checkEnum('epdType', EPD_TYPES.map((t) => t.code), (i) => [EPD_TYPES[i].label], (i) => [`**${EPD_TYPES[i].label}**`]);
  });
  it('building types and stages as 0-based indices of the project enumerations', () => {
    const types = PROJECT_ENUMS.buildingTypeEnum;
    checkEnum('buildingType', types.map((_, i) => i), (i) => [types[i]], (i) => [`**${types[i]}**`]);
    const stages = PROJECT_ENUMS.buildingProjectStageEnums;
    checkEnum('projectStage', stages.map((_, i) => i), (i) => [stages[i]], (i) => [`**${stages[i]}**`]);
  });
  it('phase codes', () => {
    checkEnum('phaseCode', PHASES, () => [], (i) => [`**${PHASES[i]}**`]);
  });
  it('referenced-area names with their BR18 factors', () => {
    const project = SCHEMA_DOCUMENTS[SCHEMA_FILES.project] as Schema;
    const values = ((project.properties as Record<string, Schema>).referencedAreas.properties as Record<string, Schema>).values;
    const props = values.properties as Record<string, Schema>;
    // The service's names, then the items a BR18 rule set adds (2025: conservatories and glazed balconies, 50 %).
    const added = referenceAreaFactors(BR18_RULES, 'br18-2025', {});
    assert.deepStrictEqual(Object.keys(props), [...Object.keys(PROJECT_ENUMS.regerencedAreaTypeEnum), ...Object.keys(added)]);
    for (const [name, factor] of Object.entries({ ...PROJECT_ENUMS.regerencedAreaTypeEnum, ...added })) {
      assert.ok(String(props[name].markdownDescription).includes(`factor ${factor}`), name);
    }
  });
  it('keeps every enum in the shared definitions, so each code list exists once', () => {
    for (const [file, schema] of Object.entries(SCHEMA_DOCUMENTS)) {
      walk(schema, '', (node, pointer) => {
        if (!('enum' in node)) return;
        assert.strictEqual(file, COMMON_SCHEMA_FILE, `${file}#${pointer} declares its own enum`);
        assert.match(pointer, /^\/definitions\/\w+(\/anyOf\/0)?$/, `${file}#${pointer}`);
      });
    }
  });
});

describe('schema files', () => {
  it('are draft-07 and the bundled copies equal the files in schemas/', () => {
    const onDisk = fs.readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.schema.json')).sort();
    assert.deepStrictEqual(onDisk, Object.keys(SCHEMA_DOCUMENTS).sort());
    for (const file of onDisk) {
      const parsed = JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as Schema;
      assert.strictEqual(parsed.$schema, 'http://json-schema.org/draft-07/schema#', file);
      assert.deepStrictEqual(parsed, SCHEMA_DOCUMENTS[file], file);
    }
  });

  it('are valid draft-07 schemas (the validator skips this check at run time)', () => {
    const meta = new Ajv({ strict: false });
    for (const [file, schema] of Object.entries(SCHEMA_DOCUMENTS)) {
      assert.ok(meta.validateSchema(schema), `${file}: ${meta.errorsText(meta.errors)}`);
    }
  });

  it('document every property with its own markdownDescription', () => {
    const missing: string[] = [];
    for (const [file, schema] of Object.entries(SCHEMA_DOCUMENTS)) {
      walk(schema, '', (node, pointer) => {
        const props = node.properties as Record<string, Schema> | undefined;
        for (const [name, prop] of Object.entries(props ?? {})) {
          if (typeof prop.markdownDescription !== 'string' || prop.markdownDescription.length < 10) {
            missing.push(`${file}#${pointer}/properties/${name}`);
          }
        }
      });
    }
    assert.deepStrictEqual(missing, []);
  });

  it('keep descriptions out of shared definitions, where VS Code would let them replace the property\'s own', () => {
    for (const [name, definition] of Object.entries(common.definitions)) {
      assert.strictEqual(definition.markdownDescription, undefined, name);
      assert.strictEqual(definition.description, undefined, name);
    }
  });

  it('let every top-level object carry a "$schema" string', () => {
    for (const file of Object.values(SCHEMA_FILES)) {
      const schema = SCHEMA_DOCUMENTS[file] as Schema;
      if (schema.type !== 'object') continue;
      assert.strictEqual(((schema.properties as Record<string, Schema>).$schema ?? {}).type, 'string', file);
    }
  });
});
