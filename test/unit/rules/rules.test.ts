// Semantic rules on the broken files in test/fixtures/rules/: each rule fires at the exact range, and its fix,
// applied, gives a document where the rule no longer fires.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { applyTextEdits, documentKindOf, locatePointer } from '../../../src/core/document';
import { analyze, blockingOf, type AnalyzeOptions, type MaterialInfo, type RuleDiagnostic, type RuleFix } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';
import { validateAgainst } from '../../../src/core/schemas';
import type { Material } from '../../../src/core/schemas/types';
import { FIXTURES } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const RULES = path.join(FIXTURES, 'rules');
const NOW = new Date('2026-11-22T12:00:00Z');
const read = (file: string): string => fs.readFileSync(path.join(RULES, file), 'utf8');

const known: MaterialInfo[] = (JSON.parse(read('known-materials.materials.json')) as Material[]).map((m) => ({
  id: m.originalUUID,
  name: m.name,
  declaredUnit: m.declaredUnit,
}));
const byId = new Map(known.map((m) => [m.id, m]));
const options = (file: string): AnalyzeOptions => ({
  ...CHECKS,
  fileName: file,
  now: NOW,
  resolveEpd: (id) => byId.get(id),
  suggestEpds: () => known,
});

/** The rules' findings of a text, as `analyze` places them. */
const checkText = (text: string, o: AnalyzeOptions): readonly RuleDiagnostic[] => analyze(text, o).findings;

function check(file: string, text = read(file)): readonly RuleDiagnostic[] {
  return checkText(text, options(file));
}

/** The rule's diagnostics as [ruleId, severity, the text at the range, path]. */
function described(text: string, diagnostics: readonly RuleDiagnostic[]): [string, string, string, string][] {
  return diagnostics.map((d) => [d.ruleId, d.severity, text.slice(d.offset, d.offset + d.length), d.path.join('/')]);
}

function applyFix(text: string, fix: RuleFix | undefined): string {
  assert.ok(fix, 'a fix is offered');
  return applyTextEdits(text, fix.edits);
}

describe('semantic rules', () => {
  for (const file of ['clean.material.json', 'clean.materials.json', 'clean.construction.json', 'known-materials.materials.json']) {
    it(`finds nothing in ${file}`, () => assert.deepStrictEqual(check(file), []));
  }

  it('tells the document kind from the file name', () => {
    assert.strictEqual(documentKindOf('/w/Outer Wall.construction.json'), 'construction');
    assert.strictEqual(documentKindOf('c:\\w\\epds.MATERIALS.json'), 'materials');
    assert.strictEqual(documentKindOf('concrete.material.json'), 'material');
    assert.strictEqual(documentKindOf('package.json'), undefined);
  });

  describe('module-duplicate', () => {
    it('marks the second occurrence of a module code', () => {
      const text = read('module-duplicate.material.json');
      assert.deepStrictEqual(described(text, check('module-duplicate.material.json')), [
        ['module-duplicate', 'error', '0', 'lciaResults/18/moduleTypeEnum'],
      ]);
    });
    it('marks a repeated code of any number, not only the table\'s, in each material of a bulk file on its own', () => {
      const material = JSON.parse(read('clean.material.json')) as Material & { lciaResults: unknown[] };
      const odd = { ...material, lciaResults: [...material.lciaResults, { moduleTypeEnum: 100, indicators: [] }, { moduleTypeEnum: 100, indicators: [] }] };
      const text = JSON.stringify([odd, material, odd], null, 2);
      const found = check('odd.materials.json', text).filter((d) => d.ruleId === 'module-duplicate');
      const n = material.lciaResults.length + 1;
      assert.deepStrictEqual(described(text, found), [
        ['module-duplicate', 'error', '100', `0/lciaResults/${n}/moduleTypeEnum`],
        ['module-duplicate', 'error', '100', `2/lciaResults/${n}/moduleTypeEnum`],
      ]);
    });
  });

  describe('module-missing', () => {
    const file = 'module-missing.material.json';
    it('lists the missing modules as info on the lciaResults key', () => {
      const text = read(file);
      const [d, ...rest] = check(file);
      assert.deepStrictEqual(rest, []);
      assert.deepStrictEqual(described(text, [d]), [['module-missing', 'info', '"lciaResults"', 'lciaResults']]);
      assert.match(format(d.message), /^Modules not listed: A4, A5, B, B4, C1, B1, B2, B3, B5, B6, B7, A0, B8, C2\./);
    });
    it('adds the missing modules as empty modules, only inserting after the last one, in its style', () => {
      const text = read(file);
      const fix = check(file)[0].fix;
      assert.strictEqual(fix?.edits.length, 1);
      assert.strictEqual(fix.edits[0].length, 0, 'a pure insertion: nothing existing is rewritten');
      const fixed = applyFix(text, fix);
      assert.deepStrictEqual(check(file, fixed), []);
      const doc = JSON.parse(fixed) as Material;
      assert.deepStrictEqual(validateAgainst('material', doc), []);
      assert.deepStrictEqual(doc.lciaResults.map((m) => m.moduleTypeEnum).sort((a, b) => a - b), [...Array(18).keys()]);
      assert.ok(doc.lciaResults.slice(4).every((m) => m.indicators.length === 0 && m.moduleStatusEnum === 0));
      assert.match(fixed, /"indicators": \[\] \},\n {4}\{ "moduleTypeEnum": 1, "moduleStatusEnum": 0, "indicators": \[\] \},\n/);
    });
    it('writes the added modules over several lines when the file does so', () => {
      const text = JSON.stringify(JSON.parse(read(file)), null, 2);
      const fixed = applyFix(text, check(file, text)[0].fix);
      assert.deepStrictEqual(check(file, fixed), []);
      assert.match(fixed, /\n {4}\},\n {4}\{\n {6}"moduleTypeEnum": 1,\n {6}"moduleStatusEnum": 0,\n {6}"indicators": \[\]\n {4}\},/);
    });
    it('fills an empty lciaResults array', () => {
      const doc = JSON.parse(read(file)) as Material;
      const text = JSON.stringify({ ...doc, lciaResults: [] }, null, 2);
      const missing = check(file, text).find((d) => d.ruleId === 'module-missing');
      const fixed = applyFix(text, missing?.fix);
      // Every module is there now, none with a result: still the template's results (results-template), nothing else.
      assert.deepStrictEqual(check(file, fixed).map((d) => d.ruleId), ['results-template']);
      assert.match(fixed, /"lciaResults": \[\n {4}\{\n {6}"moduleTypeEnum": 0,/);
    });
  });

  describe('results-template', () => {
    const file = 'results-template.material.json';
    it('warns on the lciaResults key when every value is still 0, as in the New Material template', () => {
      const text = read(file);
      const diagnostics = check(file);
      assert.deepStrictEqual(described(text, diagnostics), [['results-template', 'warning', '"lciaResults"', 'lciaResults']]);
      assert.match(format(diagnostics[0].message), /^Every result of this material is 0, as in the New Material template/);
      assert.strictEqual(diagnostics[0].fix, undefined, 'no fix: only the EPD has the figures');
      // A warning: nothing is blocked by it (the question before sending is asked instead).
      assert.deepStrictEqual(analyze(text, { ...options(file), errorsOnly: true }).findings, []);
    });
    it('is silent for real figures, even where some modules are 0', () => {
      assert.deepStrictEqual(check('clean.material.json'), []);
      const doc = JSON.parse(read(file)) as Material;
      doc.lciaResults[0].indicators[0].value = 12.5;
      doc.lciaResults[0].indicators[1].value = 12.5;
      assert.deepStrictEqual(check(file, JSON.stringify(doc, null, 2)), []);
    });
    it('warns when there is no A1-A3 result, though other modules have figures', () => {
      const doc = JSON.parse(read('clean.material.json')) as Material;
      const a1a3 = doc.lciaResults.find((m) => m.moduleTypeEnum === 0)!;
      // Figures in A4 (transport) only: not a data set of its own kind, the A1-A3 is missing.
      const withA4 = doc.lciaResults.find((m) => m.moduleTypeEnum === 1)!;
      withA4.moduleStatusEnum = 2;
      withA4.indicators = a1a3.indicators.map((i) => ({ ...i, value: i.value / 40 }));
      // A1-A3 stated as 0 (a by-product may declare so, as Tabel 7's Smeltekammergranulat): a result, no warning.
      a1a3.indicators = a1a3.indicators.map((i) => ({ ...i, value: 0 }));
      assert.deepStrictEqual(check('no-a1a3.material.json', JSON.stringify(doc, null, 2)), []);
      a1a3.indicators = [];
      a1a3.moduleStatusEnum = 0;
      const text = JSON.stringify(doc, null, 2);
      const empty = check('no-a1a3.material.json', text).filter((d) => d.ruleId === 'results-template');
      assert.deepStrictEqual(described(text, empty), [['results-template', 'warning', '"lciaResults"', 'lciaResults']]);
      assert.match(format(empty[0].message), /^This material has no A1-A3 result/);
      // A1-A3 left out altogether: the same warning (beside module-missing).
      doc.lciaResults = doc.lciaResults.filter((m) => m.moduleTypeEnum !== 0);
      const found = check('no-a1a3.material.json', JSON.stringify(doc, null, 2)).map((d) => d.ruleId);
      assert.deepStrictEqual(found.sort(), ['module-missing', 'results-template']);
    });
    it('says nothing of a waste treatment data set: end-of-life figures (C3) and, rightly, no A1-A3', () => {
      const doc = JSON.parse(read('clean.material.json')) as Material;
      const a1a3 = doc.lciaResults.find((m) => m.moduleTypeEnum === 0)!;
      const c3 = doc.lciaResults.find((m) => m.moduleTypeEnum === 15)!;
      c3.moduleStatusEnum = 2;
      c3.indicators = a1a3.indicators.map((i) => ({ ...i, value: i.value / 40 }));
      a1a3.indicators = [];
      a1a3.moduleStatusEnum = 0;
      for (const m of doc.lciaResults) if (m.moduleTypeEnum !== 15) m.indicators = [];
      assert.deepStrictEqual(check('waste.material.json', JSON.stringify(doc, null, 2)).filter((d) => d.ruleId === 'results-template'), []);
    });
    it('warns per material of a bulk file, incrementally as in full', () => {
      const zeros = JSON.parse(read(file)) as Material;
      const real = JSON.parse(read('clean.material.json')) as Material;
      const text = JSON.stringify([real, { ...zeros, originalUUID: '5a3c1e00-0000-4000-8000-0000000000aa' }], null, 2);
      for (const incremental of [false, true]) {
        const found = analyze(text, { ...options('lib.materials.json'), incremental }).findings;
        assert.deepStrictEqual(found.map((d) => [d.ruleId, d.path.join('/')]), [['results-template', '1/lciaResults']]);
      }
    });
  });

  describe('unit-text', () => {
    const file = 'unit-text.material.json';
    it('a unit written as a text ("m3") is one error, with the code as the fix, and no schema problem beside it', () => {
      const text = read(file);
      const analysis = analyze(text, options(file));
      assert.deepStrictEqual(described(text, analysis.findings), [['unit-text', 'error', '"m3"', 'declaredUnit/declaredUnit']]);
      assert.deepStrictEqual(analysis.schemaProblems, [], 'the schema\'s "must be an integer" is not said again');
      assert.strictEqual(blockingOf(analysis).length, 1);
      assert.match(format(analysis.findings[0].message), /`declaredUnit` is the text "m3"; the service wants the code of the unit: 3 for M3/);
      const fixed = applyFix(text, analysis.findings[0].fix);
      assert.match(fixed, /"declaredUnit": 3, "mass"/);
      assert.deepStrictEqual(check(file, fixed), []);
      assert.deepStrictEqual(analyze(fixed, options(file)).schemaProblems, []);
    });
    it('reads other spellings ("m³", "stk", "kg" as massUnit); a text that is no unit is left to the schema', () => {
      for (const [written, code] of [['m³', 3], ['kubikmeter', 3], ['M2', 2], ['stk', 6]] as const) {
        const text = read(file).replace('"m3"', JSON.stringify(written));
        const [d] = check(file, text);
        assert.strictEqual(d?.ruleId, 'unit-text', written);
        assert.match(applyFix(text, d.fix), new RegExp(`"declaredUnit": ${code}, "mass"`), written);
      }
      const massText = read('clean.material.json').replace('"massUnit": 4', '"massUnit": "kg"');
      assert.deepStrictEqual(check('clean.material.json', massText).map((d) => [d.ruleId, d.path.join('/')]), [['unit-text', 'declaredUnit/massUnit']]);
      const notUnit = read(file).replace('"m3"', '"cubits"');
      assert.deepStrictEqual(check(file, notUnit), []);
      assert.strictEqual(analyze(notUnit, options(file)).schemaProblems.length, 1);
    });
  });

  describe('indicator-unit', () => {
    const file = 'indicator-unit.material.json';
    it('flags a unit that does not belong to the indicator, and accepts another spelling of the right one', () => {
      const text = read(file);
      const diagnostics = check(file);
      assert.deepStrictEqual(described(text, diagnostics), [['indicator-unit', 'warning', '"MJ"', 'lciaResults/0/indicators/0/unit']]);
      assert.strictEqual(format(diagnostics[0].message), 'GWP_TOTAL is measured in "kg CO2 eq", not "MJ".');
    });
    it('sets the unit of the indicator', () => {
      const fixed = applyFix(read(file), check(file)[0].fix);
      assert.deepStrictEqual(check(file, fixed), []);
      assert.match(fixed, /\{ "type": "GWP_TOTAL", "unit": "kg CO2 eq", "value": 282 \}/);
    });
  });

  describe('indicator-duplicate', () => {
    it('marks an indicator given twice in a module', () => {
      const file = 'indicator-duplicate.material.json';
      assert.deepStrictEqual(described(read(file), check(file)), [['indicator-duplicate', 'error', '"PERE"', 'lciaResults/0/indicators/10/type']]);
    });
  });

  for (const [rule, total, parts] of [
    ['gwp-sum', 'GWP_TOTAL', 282],
    ['pert-sum', 'PERT', 162],
    ['penrt-sum', 'PENRT', 1190],
  ] as const) {
    describe(rule, () => {
      const file = `${rule}.material.json`;
      it(`warns at the ${total} value that disagrees with its parts`, () => {
        const text = read(file);
        const diagnostics = check(file);
        assert.strictEqual(diagnostics.length, 1);
        const [d] = diagnostics;
        assert.deepStrictEqual([d.ruleId, d.severity, d.path.slice(0, 3).join('/'), d.path[4]], [rule, 'warning', 'lciaResults/0/indicators', 'value']);
        const entry = text.slice(text.lastIndexOf('{', d.offset), text.indexOf('}', d.offset) + 1);
        assert.ok(entry.includes(`"type": "${total}"`), entry);
        assert.match(format(d.message), new RegExp(`= ${parts};`));
      });
      it(`sets ${total} to the sum of its parts`, () => {
        const fixed = applyFix(read(file), check(file)[0].fix);
        assert.deepStrictEqual(check(file, fixed), []);
        assert.ok(fixed.includes(`{ "type": "${total}", "unit": `) && fixed.includes(`"value": ${parts} }`));
      });
    });
  }

  it('tolerates rounding: 1 % or 0.01', () => {
    const text = read('clean.material.json').replace('"value": 282 }', '"value": 284.5 }');
    assert.deepStrictEqual(check('clean.material.json', text), []);
    const off = read('clean.material.json').replace('"value": 282 }', '"value": 285 }');
    assert.deepStrictEqual(check('clean.material.json', off).map((d) => d.ruleId), ['gwp-sum']);
  });

  describe('epd-expired', () => {
    const file = 'epd-expired.material.json';
    it('warns at validTo when the EPD expired before now', () => {
      assert.deepStrictEqual(described(read(file), check(file)), [['epd-expired', 'warning', '"2024-06-30T00:00:00Z"', 'epdInfo/validTo']]);
    });
    it('is quiet while the EPD is valid', () => {
      assert.deepStrictEqual(checkText(read(file), { ...options(file), now: new Date('2024-06-29T00:00:00Z') }), []);
    });
  });

  it('lifespan-not-positive: a material lifespan of 0 years', () => {
    const file = 'lifespan.material.json';
    assert.deepStrictEqual(described(read(file), check(file)), [['lifespan-not-positive', 'error', '0', 'expectedLifespan']]);
  });

  it('material-duplicate: the later item with the same originalUUID and originalVersion', () => {
    const file = 'material-duplicate.materials.json';
    const text = read(file);
    const diagnostics = check(file);
    assert.deepStrictEqual(described(text, diagnostics), [['material-duplicate', 'error', '"5a3c1e00-0000-4000-8000-000000000001"', '2/originalUUID']]);
    assert.ok(diagnostics[0].offset > text.indexOf('"Mineral wool, general"'), 'the range is in the third item');
    assert.match(format(diagnostics[0].message), /as item 0/);
  });

  describe('epd-unresolved', () => {
    const file = 'epd-unresolved.construction.json';
    it('marks an epdId known nowhere and offers the resolver\'s candidates, none of them as the clear fix', () => {
      const diagnostics = check(file);
      assert.deepStrictEqual(described(read(file), diagnostics), [
        ['epd-unresolved', 'error', '"5a3c1e00-0000-4000-8000-00000000dead"', 'constructionEpds/1/epdId'],
      ]);
      // An unknown id says nothing about which material was meant: no `fix` (what editors apply as preferred / auto-fix).
      assert.strictEqual(diagnostics[0].fix, undefined);
      // The nearest five of the six known: the one declared per m² as the component's amount is first, then by name.
      const use = (name: string): string => `Use "${name}" (${known.find((m) => m.name === name)!.id})`;
      assert.deepStrictEqual(
        (diagnostics[0].moreFixes ?? []).map((f) => format(f.title)),
        ['Gypsum board 12.5 mm', 'Clay brick, outer leaf', 'CLT', 'Mineral wool, general', 'Ready-mix concrete C30/37'].map(use),
      );
    });
    it('offers first the materials that share words with the construction’s name, among those of the same unit', () => {
      const text = read(file).replace('"name": "Deck"', '"name": "Wall, brick / mineral wool"').replace('"unit": 2, "amount": 1, "height": 0.1', '"unit": 3, "amount": 0.1');
      const titles = (checkText(text, options(file))[0].moreFixes ?? []).map((f) => format(f.title));
      // Per m³ (the component's unit): "Mineral wool" shares two words, "Clay brick" one, then the others by name;
      // the reinforcement (per kg) and the board (per m²) come after every m³ material.
      assert.deepStrictEqual(titles.map((t) => /"(.*)"/.exec(t)![1]), ['Mineral wool, general', 'Clay brick, outer leaf', 'CLT', 'Ready-mix concrete C30/37', 'Gypsum board 12.5 mm']);
    });
    it('replaces the id with the chosen material', () => {
      const fix = check(file)[0].moreFixes?.[1];
      const fixed = applyFix(read(file), fix);
      assert.deepStrictEqual(check(file, fixed), []);
      assert.ok(fixed.includes(`"epdId": "${known.find((m) => format(fix!.title).includes(m.id))!.id}"`));
    });
    it('says nothing when the resolver cannot tell (offline), or when there is no resolver', () => {
      assert.deepStrictEqual(checkText(read(file), { ...options(file), resolveEpd: (id) => byId.get(id) ?? 'unknown' }), []);
      assert.deepStrictEqual(checkText(read(file), { ...CHECKS, fileName: file, now: NOW }), []);
    });
  });

  it('epd-waits: an epdId that is the originalUUID of a workspace material not yet on the service is an information', () => {
    const file = 'epd-waits.construction.json';
    // As the catalog resolves it: the material of the file, waiting for its push (here: the first known one's data).
    const waiting: MaterialInfo = { ...known[0], id: '5a3c1e00-0000-4000-8000-00000000a0a0', waitsForPush: true };
    const o = { ...options(file), resolveEpd: (id: string) => (id === waiting.id ? waiting : byId.get(id)) };
    const diagnostics = checkText(read(file), o);
    assert.deepStrictEqual(described(read(file), diagnostics), [['epd-waits', 'info', '"5a3c1e00-0000-4000-8000-00000000a0a0"', 'constructionEpds/1/epdId']]);
    assert.ok(format(diagnostics[0].message).startsWith(`Waits for material "${known[0].name}" to be pushed`), format(diagnostics[0].message));
    assert.strictEqual(diagnostics[0].fix, undefined);
    // The same file without the workspace material: the error it was before.
    assert.deepStrictEqual(check(file).map((d) => [d.ruleId, d.severity]), [['epd-unresolved', 'error']]);
  });

  it('unit-conversion: each component whose unit needs a mass or geometry the data lacks', () => {
    const file = 'unit-conversion.construction.json';
    const diagnostics = check(file);
    assert.deepStrictEqual(
      diagnostics.map((d) => [d.ruleId, d.severity, d.path.join('/')]),
      [1, 2, 4, 6].map((i) => ['unit-conversion', 'error', `constructionEpds/${i}/constructionUnit/unit`]),
    );
    const text = read(file);
    assert.deepStrictEqual(diagnostics.map((d) => text.slice(d.offset, d.offset + d.length)), ['4', '2', '1', '3']);
    assert.match(format(diagnostics[0].message), /Gypsum board 12\.5 mm" is declared per 1 M2; KG → M2 needs the EPD's mass/);
    assert.match(format(diagnostics[1].message), /M2 → M3 needs the layer thickness in constructionUnit\.height/);
    assert.match(format(diagnostics[2].message), /M → M3 needs the cross-section constructionUnit\.width × height/);
    assert.match(format(diagnostics[3].message), /M3 \(volume\) cannot be converted to KG \(mass\)/);
  });

  it('percentage-range: below 0 and above 100', () => {
    const file = 'percentage-range.construction.json';
    assert.deepStrictEqual(described(read(file), check(file)), [
      ['percentage-range', 'error', '150', 'constructionEpds/0/constructionUnit/percentage'],
      ['percentage-range', 'error', '-10', 'constructionEpds/1/constructionUnit/percentage'],
    ]);
  });

  it('lifespan-not-positive: the construction and a component', () => {
    const file = 'lifespan.construction.json';
    assert.deepStrictEqual(described(read(file), check(file)), [
      ['lifespan-not-positive', 'error', '-5', 'expectedLifespan'],
      ['lifespan-not-positive', 'error', '0', 'constructionEpds/0/expectedLifespan'],
    ]);
  });

  it('finds exact ranges in JSON with comments and trailing commas', () => {
    const text = read('gwp-sum.material.json')
      .replace('{\n', '{\n  // EPD Danmark, checked 2026\n')
      .replace('"tags"', '/* free */ "tags"')
      .replace('"value": 1190 }', '"value": 1190 },');
    const [d] = check('gwp-sum.material.json', text);
    assert.strictEqual(d.ruleId, 'gwp-sum');
    assert.strictEqual(text.slice(d.offset, d.offset + d.length), '300');
  });

  it('keeps CRLF line ends and tab indentation in added modules', () => {
    const text = read('module-missing.material.json').replace(/\n/g, '\r\n').replace(/^( +)/gm, (s) => '\t'.repeat(s.length / 2));
    const fixed = applyFix(text, check('module-missing.material.json', text)[0].fix);
    assert.ok(!/[^\r]\n/.test(fixed), 'only CRLF line ends');
    assert.ok(!/\n +/.test(fixed), 'no space indentation');
    assert.deepStrictEqual(check('module-missing.material.json', fixed), []);
  });

  it('checks schema and rules in one parse before a bulk create', () => {
    const text = read('material-duplicate.materials.json').replace('"declaredValue": 1', '"declaredValue": 0');
    const result = analyze(text, { ...CHECKS, fileName: 'x.materials.json', now: NOW });
    assert.strictEqual(result.kind, 'materials');
    assert.deepStrictEqual(result.schemaProblems.map((p) => [`/${p.path.join('/')}`, p.ruleId, text.slice(p.offset, p.offset + p.length)]), [['/0/declaredUnit/declaredValue', 'schema', '0']]);
    assert.deepStrictEqual(validateAgainst('materials', result.value).map((p) => [p.pointer, p.keyword]), [['/0/declaredUnit/declaredValue', 'exclusiveMinimum']]);
    assert.deepStrictEqual(result.findings.map((d) => d.ruleId), ['material-duplicate']);
  });

  it('locates schema problems by pointer, in bulk files too', () => {
    const text = read('material-duplicate.materials.json');
    const span = locatePointer(text, '/1/declaredUnit/declaredValue');
    assert.ok(span);
    assert.strictEqual(text.slice(span.offset, span.offset + span.length), '1');
    assert.ok(text.slice(0, span.offset).includes('"Mineral wool, general"'));
    const absent = locatePointer(text, '/1/declaredUnit/nothing');
    assert.ok(absent && text.slice(absent.offset, absent.offset + absent.length).startsWith('{ "declaredValue"'));
  });
});
