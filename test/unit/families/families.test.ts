// Material families on published data. Every expectation is hand-checked against what the source itself says the
// product is: for the rows of BR18 Bilag 2 Tabel 7 (test/fixtures/import/table7/tabel7.csv, 2020-12-22) the row's
// German/English name (the ÖKOBAUDAT data set's, column "Navn DE/ENG") or, for EPD Danmark's branch rows, the Danish
// name and its EPD; for the ILCD+EPD fixtures (SOURCES.md) the data set's own classification, read in its XML/JSON.
// The candidates of seven materials are checked to be of the same family, each with its effect worked by hand.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { importTable7 } from '../../../src/core/import/table7';
import { importInputs, type ImportInput } from '../../../src/core/import';
import { epdDataOf } from '../../../src/core/lca/epd';
import { format } from '../../../src/core/l10n';
import { alternativesForMaterial, isProblem, type AlternativesResult } from '../../../src/core/alternatives';
import type { CandidateMaterial } from '../../../src/core/workspace';
import { CLASS_TAG, classificationTag, familyOf, familyOfWords, FAMILY_IDS, MATERIAL_FAMILIES, parseClassificationTag } from '../../../src/core/families';
import { FIXTURES, readFixture } from '../../fixtures/paths';
import { importSpreadsheet, proposeMapping, readSpreadsheet } from '../../../src/core/import/spreadsheet';
import { importLcax } from '../../../src/core/import/lcax';

const imported = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(readFixture('import', 'table7', 'tabel7.csv')) }, ASSUMED_CODES);
const table7: CandidateMaterial[] = imported.materials.map((m) => ({ epd: epdDataOf(m.material, ASSUMED_CODES, /\((#[A-Z]\d+)\)$/.exec(format(m.source))![1]), source: 'tabel7.materials.json' }));
const row = (id: string) => table7.find((c) => c.epd.id === id)!.epd;

/** [Sorterings ID, family, what the source says the product is]. */
const TABLE7_FAMILIES: readonly [string, string, string][] = [
  ['#B1318', 'timber', 'EPD Danmark MD-20007: cross-laminated timber (CLT)'],
  ['#B1339', 'timber', 'EPD Danmark MD-20005: glulam products of pine and spruce'],
  ['#B1346', 'structural-concrete', 'EPD Danmark: prestressed hollow-core deck element 22 cm'],
  ['#B1354', 'structural-concrete', 'EPD Danmark: prestressed hollow-core deck element 32 cm'],
  ['#B1358', 'masonry', 'EPD Danmark: lightweight expanded clay block, solid'],
  ['#B1385', 'structural-concrete', 'EPD Danmark: precast concrete wall element 15 cm, reinforced'],
  ['#B1397', 'masonry', 'EPD Danmark: lightweight concrete wall element 100 mm (a block wall)'],
  ['#B1409', 'structural-concrete', 'EPD Danmark: TT deck element (ribbed deck)'],
  ['#B1433', 'structural-concrete', 'EPD Danmark: ready-mixed concrete C25/30'],
  ['#B1477', 'structural-concrete', 'EPD Danmark: ready-mixed concrete C30/37'],
  ['#B1496', 'boards', 'EPD Danmark: plywood, untreated'],
  ['#G0000', 'glass-windows', 'Fire resistant glass-AGC-Pyrobel'],
  ['#G0005', 'roofing', 'Dachsteine (concrete roof tiles)'],
  ['#G0008', 'floor-coverings', 'Getuftete Teppichfliesen (tufted carpet tiles)'],
  ['#G0012', 'bio-insulation', 'Holzfaserdämmstoff (wood-fibre insulation)'],
  ['#G0015', 'metals', 'Zink, patiniert'],
  ['#G0016', 'mortar-render', 'PCI Nanofug (joint mortar)'],
  ['#G0027', 'plastic-insulation', 'PU-Dämmplatten aus Blockschaumstoff'],
  ['#G0043', 'plastic-insulation', 'EPS-Hartschaum für Wände und Dächer'],
  ['#G0085', 'mineral-insulation', 'FOAMGLAS T4+ (cellular glass insulation)'],
  ['#G0086', 'metals', 'Baustähle: Offene Walzprofile und Grobbleche (structural steel sections)'],
  ['#G0100', 'technical-installations', 'Lüfter zentral 30000 m³/h (central fan)'],
  ['#G0104', 'technical-installations', 'Strom-Wärmepumpe (Sole-Wasser, Erdsonde) 70 kW'],
  ['#G0116', 'masonry', 'Vormauerziegel (facing brick)'],
  ['#G0148', 'reinforcement', 'Bewehrungsstahl (reinforcement steel)'],
  ['#G0171', 'boards', 'Faserzementplatte (fibre cement board)'],
  ['#G0191', 'mortar-render', 'Kalkzement Putzmörtel (lime-cement render)'],
  ['#G0210', 'glass-windows', 'Isolierglas 2-Scheiben (double glazing)'],
  ['#G0221', 'timber', 'Schnittholz Lärche (sawn larch)'],
  ['#G0242', 'masonry', 'Porenbeton P4 05 bewehrt (aerated concrete blocks)'],
  ['#G0245', 'masonry', 'Fassadenklinker (facing clinker brick)'],
  ['#G0261', 'bio-insulation', 'Zellulosefaserplatten (cellulose fibre boards, insulation)'],
  ['#G0306', 'bio-insulation', 'Zellulosefaser Einblas-Dämmstoff'],
  ['#G0321', 'aggregates', 'Sand 0/2 getrocknet'],
  ['#G0330', 'masonry', 'Beton-Mauersteine (concrete masonry blocks)'],
  ['#G0333', 'metals', 'Aluminium Profil'],
  ['#G0340', 'stone-ceramics', 'Steinzeugfliesen unglasiert (stoneware tiles)'],
  ['#G0366', 'bio-insulation', 'Expandierter Kork (expanded cork insulation)'],
  ['#G0369', 'timber', 'Furnierschichtholz (LVL)'],
  ['#G0384', 'mortar-render', 'Zementmörtel'],
  ['#G0393', 'membranes', 'Kraftpapier (building paper)'],
  ['#G0404', 'bio-insulation', 'Flachsvlies (flax insulation mat)'],
  ['#G0420', 'structural-concrete', 'Betonfertigteil Treppe (precast concrete stair)'],
  ['#G0514', 'mineral-insulation', 'Steinwolle Flachdämmplatte'],
  ['#G0530', 'technical-installations', 'Photovoltaiksystem'],
  ['#G0577', 'roofing', 'Dachziegel (clay roof tiles)'],
  ['#G0701', 'boards', 'Spanplatte (chipboard)'],
  ['#G0707', 'masonry', 'Lehmstein (clay block)'],
  ['#G0713', 'bio-insulation', 'Hanfvlies (hemp insulation mat)'],
  ['#G0754', 'sun-shading', 'Sonnenschutztuch (sun-shading fabric)'],
  ['#G0818', 'plastic-insulation', 'XPS-Dämmstoff'],
  ['#G0862', 'bio-insulation', 'Holzfaserdämmplatte (Nassverfahren)'],
  ['#G0872', 'metals', 'Stahlprofil'],
  ['#G0916', 'plastic-insulation', 'PIR Hartschaum'],
  ['#G0930', 'masonry', 'Kalksandstein Mix (sand-lime brick)'],
  ['#G0949', 'boards', 'Gipskartonplatte (Lochplatte) (plasterboard)'],
  ['#G0984', 'glass-windows', 'Fensterglas einfach (window glass)'],
  ['#G1072', 'roofing', 'Bitumenbahnen PYE PV 200 S5 (bitumen roofing)'],
  ['#G1075', 'glass-windows', 'Dreifachverglasung (triple glazing)'],
  ['#G1082', 'stone-ceramics', 'Natursteinplatte, weich, Innenboden'],
  ['#G1085', 'stone-ceramics', 'Marmorplatte'],
  ['#G1097', 'membranes', 'Unterspannbahn PP (roof underlay)'],
  ['#G1125', 'membranes', 'Dampfbremse PE (vapour barrier)'],
  ['#G1100', 'boards', 'Gipskartonplatte (Feuerschutz)'],
  ['#G1128', 'roofing', 'Schiefer, 0.011 m (slate roofing)'],
  ['#G1134', 'floor-coverings', 'Stabparkett (parquet)'],
  ['#G1154', 'floor-coverings', 'Linoleum'],
  ['#G1160', 'floor-coverings', 'Korkplatten 8 mm (cork floor tiles)'],
  ['#G1166', 'floor-coverings', 'Mehrschichtparkett (multi-layer parquet)'],
  ['#G1182', 'bio-insulation', 'FASBA e.V. Baustroh (straw-bale building)'],
  ['#G1202', 'glass-windows', 'Tür - Hörmann - Haustür (entrance door)'],
  ['#G1226', 'mineral-insulation', 'Mineralwolle (Innenausbau-Dämmung)'],
  ['#G1229', 'mineral-insulation', 'Mineralwolle (Fassaden-Dämmung)'],
  ['#G1232', 'aggregates', 'Blähton Körnung (expanded clay aggregate)'],
  ['#G1292', 'boards', 'Oriented Strand Board'],
  ['#G1295', 'floor-coverings', 'Massivholzparkett (solid wood parquet)'],
  ['#G1296', 'boards', 'Hochdichte Faserplatte (HDF)'],
  ['#G1303', 'floor-coverings', 'Laminat-Fußbodenbeläge'],
  ['#G1301', 'coatings-sealants', 'Silikatfarbe (innen) (silicate paint)'],
  ['#G0337', 'coatings-sealants', 'Silikon-Dichtmasse (silicone sealant)'],
  ['#G2001', 'unknown', 'ROCKWOOL Steinwolle-Dämmstoff: an end-of-life (waste) process, not a material'],
];

/** German names of the same rows (column "Navn DE/ENG"): the German words of the vocabulary find the same family. */
const GERMAN: readonly [string, string][] = [
  ['Vormauerziegel', 'masonry'],
  ['Kalksandstein Mix', 'masonry'],
  ['Porenbeton P4 05 bewehrt', 'masonry'],
  ['Holzfaserdämmstoff', 'bio-insulation'],
  ['Zellulosefaser Einblas-Dämmstoff', 'bio-insulation'],
  ['EPS-Hartschaum für Wände und Dächer W/D-035', 'plastic-insulation'],
  ['Mineralwolle (Fassaden-Dämmung)', 'mineral-insulation'],
  ['Steinwolle Flachdämmplatte', 'mineral-insulation'],
  ['Gipskartonplatte (Feuerschutz)(Dicke 0,0125 m)', 'boards'],
  ['Spanplatte (Durchschnitt)', 'boards'],
  ['Faserzementplatte', 'boards'],
  ['Schnittholz Lärche (12% Feuchte/10.7% H2O)', 'timber'],
  ['Furnierschichtholz', 'timber'],
  ['Massivholzparkett (Durchschnitt DE)', 'floor-coverings'],
  ['Laminat-Fußbodenbeläge', 'floor-coverings'],
  ['Dachziegel', 'roofing'],
  ['Dampfbremse PE (Dicke 0,0002 m)', 'membranes'],
  ['Bitumenbahnen G 200 S4 (Dicke 0,004 m)', 'roofing'],
  ['Dreifachverglasung (Dicke: 0,036 m)', 'glass-windows'],
  ['Isolierglas 2-Scheiben', 'glass-windows'],
  ['Baustähle: Offene Walzprofile und Grobbleche', 'metals'],
  ['Bewehrungsstahl', 'reinforcement'],
  ['Zementmörtel', 'mortar-render'],
  ['Kalkzement Putzmörtel', 'mortar-render'],
  ['Steinzeugfliesen unglasiert', 'stone-ceramics'],
  ['Strom-Wärmepumpe (Luft-Wasser) 10 kW', 'technical-installations'],
  ['Kies 2/32', 'aggregates'],
  ['Betonfertigteil Treppe (1,1 m Breite, 9 Stufen a 16 cm)', 'structural-concrete'],
];

describe('material families: BR18 Tabel 7, as imported', () => {
  it(`gives each of ${TABLE7_FAMILIES.length} hand-checked rows the family its source names`, () => {
    assert.ok(TABLE7_FAMILIES.length >= 60);
    const wrong = TABLE7_FAMILIES.filter(([id, family]) => familyOf(row(id)).id !== family).map(([id, family, why]) => `${id} ${row(id).name}: ${familyOf(row(id)).id}, expected ${family} (${why})`);
    assert.deepStrictEqual(wrong, []);
    // Every family of the vocabulary but one is met among them.
    const met = new Set(TABLE7_FAMILIES.map(([, f]) => f));
    assert.deepStrictEqual(FAMILY_IDS.filter((f) => !met.has(f)), []);
  });

  it('says where the family was read: the word of the (Danish) name', () => {
    assert.deepStrictEqual(familyOf(row('#G0116')), { id: 'masonry', from: 'name', by: 'teglsten' });
    assert.deepStrictEqual(familyOf(row('#G0005')), { id: 'roofing', from: 'name', by: 'tagsten' }, '"Tagsten, beton" is a roof tile, not concrete');
  });

  it('reads German names by the German words, and the family words every family has', () => {
    const wrong = GERMAN.filter(([name, f]) => familyOfWords(name)?.id !== f).map(([name, f]) => `${name}: ${familyOfWords(name)?.id}, expected ${f}`);
    assert.deepStrictEqual(wrong, []);
    for (const f of MATERIAL_FAMILIES.families) assert.ok(f.words.length > 0 && f.source, f.id);
  });
});

describe('material families: the ILCD+EPD data sets keep their classification', () => {
  const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const inputsOf = (dir: string): ImportInput[] => walk(dir).map((f) => ({ name: path.relative(dir, f), bytes: fs.readFileSync(f) }));
  const one = (inputs: ImportInput[]) => {
    const r = importInputs(inputs, { codes: ASSUMED_CODES });
    assert.strictEqual(r.materials.length, 1, JSON.stringify(r.refused));
    return r.materials[0].material;
  };
  /** [folder or JSON file, the class tags (read by hand from the data set), the family]. */
  const CASES: readonly [string, string[], string][] = [
    ['ilcd/ibu-parquet', ['class:OEKOBAU.DAT > [3] Holz > [3.3] Holzböden > [3.3.02] Parkett', 'class:IBUCategories > 02 Bauprodukte > Produkte aus Bauholz > Vollholzprodukte'], 'floor-coverings'],
    ['ilcd/environdec-plasterboard', ['class:The International EPD System > [2] Construction products > [2.3] Boards'], 'boards'],
    ['ilcd/epditaly-steel-wire-rod', ['class:CPC 2.1 > [4] Metal products, machinery and equipment > [41] Basic metals'], 'metals'],
    ['ilcd/oekobaudat-fire-curtain', ['class:OEKOBAU.DAT > [7] Komponenten von Fenstern und Vorhangfassaden > [7.11] Zubehör für Fenster, Fassaden, Türen und Tore > [7.11.03] Feuer-/Rauchschutzsysteme'], 'glass-windows'],
    // CPC 37 ("Glass and glass products and other non-metallic products n.e.c.") is too broad to tell a job, and the
    // name "ECO-ESPANSO K100" has no word of the vocabulary: the family is not known (a user sets it with a tag).
    ['ilcd/epditaly-eco-espanso', ['class:CPC 2.1 > [3] Other transportable goods, except metal products, machinery and equipment > [37] Glass and glass products and other non-metallic products n.e.c.'], 'unknown'],
    ['ilcd-json/0e0c4e37-b7e6-4a4f-b1c9-d36da0aa16f5.json', ['class:OEKOBAU.DAT > [1] Mineralische Baustoffe > [1.3] Steine und Elemente > [1.3.07] Fliesen und Platten', 'class:IBUCategories > 02 Bauprodukte > Fassaden > Keramische Bekleidung'], 'stone-ceramics'],
    ['ilcd-json/0e80e6e7-6882-47be-8bd8-5cd869a746d9.json', ['class:OEKOBAU.DAT > [1] Mineralische Baustoffe > [1.3] Steine und Elemente > [1.3.12] Faserzement', 'class:IBUCategories > 02 Bauprodukte > Fassaden > Faserzement / Faserbeton'], 'boards'],
    ['ilcd-json/f63ac879-fa7d-4f91-813e-e816cbdf1927.json', ['class:OEKOBAU.DAT > [3] Holz > [3.2] Holzwerkstoffe > [3.2.01] 3- und 5-Schichtplatten'], 'timber'],
    ['ilcd-json/503dfca1-7c65-4179-9ffa-ebc6d8b48b7d.json', ['class:EPDNorge > [f0167df9-d436-462f-9969-0234c152f514] Bygg > [f107d200-244c-4c4b-9a14-0c2264316bc2] Betongvarer'], 'structural-concrete'],
    // No classification: the Danish name ("… Færdig beton") tells.
    ['ilcd-json/0aa8b645-02d9-41b4-8aa3-70335af2a9e7.json', [], 'structural-concrete'],
  ];
  for (const [fixture, tags, family] of CASES) {
    it(`${fixture}: ${tags.length ? 'its classes kept as class: tags' : 'no classification'}, family ${family}`, () => {
      const full = path.join(FIXTURES, 'import', fixture);
      const m = one(fs.statSync(full).isDirectory() ? inputsOf(full) : [{ name: path.basename(full), bytes: fs.readFileSync(full) }]);
      assert.deepStrictEqual((m.tags ?? []).filter((t) => t.startsWith(CLASS_TAG)), tags);
      const epd = epdDataOf(m, ASSUMED_CODES);
      assert.strictEqual(familyOf(epd).id, family);
      if (tags.length && family !== 'unknown') assert.strictEqual(familyOf(epd).from, 'classification');
    });
  }

  it('a spreadsheet\'s category column, mapped in the column step, is kept as a class: tag the family is read from', async () => {
    // The published-values sheet (spreadsheet/epd-bibliotek.csv, from Tabel 7 rows) with a "Kategori" column added.
    const text = readFixture('import', 'spreadsheet', 'epd-bibliotek.csv').replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter(Boolean);
    const categories = ['Træ', 'Gips', 'Tagdækning', 'Solafskærmning', 'Stål'];
    const withCategory = [`${lines[0]};Kategori`, ...lines.slice(1).map((l, i) => `${l};${categories[i] ?? ''}`)].join('\r\n');
    const input = { name: 'epd-bibliotek-kategori.csv', bytes: new TextEncoder().encode(withCategory) };
    const sheet = await readSpreadsheet(input);
    const mapping = proposeMapping(sheet.headers);
    assert.deepStrictEqual(mapping.columns.Kategori, { kind: 'field', field: 'category' }, 'the column step proposes it');
    const r = await importSpreadsheet(input, mapping, ASSUMED_CODES);
    assert.deepStrictEqual(r.refused, []);
    const first = r.materials[0].material;
    assert.ok((first.tags ?? []).includes('class:Kategori > Træ'), JSON.stringify(first.tags));
    assert.deepStrictEqual(familyOf(epdDataOf(first, ASSUMED_CODES)), { id: 'timber', from: 'classification', by: 'Kategori Træ' });
  });

  it('an LCAx EPD\'s classification is kept as a class: tag; its subtype (how specific the data are) is not a family', () => {
    // The published LCAx 2.6 EPD (ÖKOBAUDAT's 3- und 5-Schicht Massivholzplatte) with its ÖKOBAUDAT class as LCAx writes a classification.
    const epd = { ...(JSON.parse(readFixture('import', 'lcax', 'v2.6-epd-massivholzplatte.json')) as Record<string, unknown>), metaData: { classification: [{ system: 'OEKOBAU.DAT', code: '3.2.01', name: '3- und 5-Schichtplatten' }] } };
    const r = importLcax({ name: 'epd.json', bytes: new TextEncoder().encode(JSON.stringify(epd)) }, ASSUMED_CODES);
    const m = r.materials[0].material;
    assert.deepStrictEqual((m.tags ?? []).filter((t) => t.startsWith(CLASS_TAG)), ['class:OEKOBAU.DAT > [3.2.01] 3- und 5-Schichtplatten']);
    assert.deepStrictEqual(familyOf(epdDataOf(m, ASSUMED_CODES)), { id: 'timber', from: 'classification', by: 'OEKOBAU.DAT 3.2.01 3- und 5-Schichtplatten' });
  });

  it('a class: tag reads back as it was written', () => {
    const c = { system: 'OEKOBAU.DAT', classes: [{ id: '1', name: 'Mineralische Baustoffe' }, { id: '1.4', name: 'Beton' }, { id: '1.4.01', name: 'Beton' }] };
    assert.strictEqual(classificationTag(c), 'class:OEKOBAU.DAT > [1] Mineralische Baustoffe > [1.4] Beton > [1.4.01] Beton');
    assert.deepStrictEqual(parseClassificationTag(classificationTag(c)), c);
    assert.deepStrictEqual(familyOf({ name: 'Produkt X', tags: [classificationTag(c)] }), { id: 'structural-concrete', from: 'classification', by: 'OEKOBAU.DAT 1.4.01 Beton' });
  });

  it('the order: a family: tag a user set, then the classification, then the other tags (finest first), then the name', () => {
    const cls = 'class:OEKOBAU.DAT > [3] Holz > [3.3] Holzböden > [3.3.02] Parkett';
    assert.deepStrictEqual(familyOf({ name: 'Beton', tags: ['family:timber', cls] }), { id: 'timber', from: 'tag', by: 'family:timber' });
    assert.strictEqual(familyOf({ name: 'Beton', tags: [cls] }).id, 'floor-coverings');
    // The service's category tags (the local service's seed writes [category, subcategory]).
    assert.deepStrictEqual(familyOf({ name: 'Glulam', tags: ['Wood', 'Boards'] }), { id: 'boards', from: 'category', by: 'Boards' });
    assert.deepStrictEqual(familyOf({ name: 'Clay roof tiles', tags: ['Roofing', 'Tiles'] }), { id: 'roofing', from: 'category', by: 'Roofing' });
    assert.strictEqual(familyOf({ name: 'Ziegel', names: ['Brick'] }).id, 'masonry');
    assert.deepStrictEqual(familyOf({ name: 'Produkt 7' }), { id: 'unknown', from: 'none' });
    assert.strictEqual(familyOf({ name: 'Beton', tags: ['family:no-such'] }).id, 'structural-concrete', 'a family: tag the table does not know is not a family');
  });
});

describe('material families: the alternatives do the same job', () => {
  const ranked = (id: string, extra: Partial<Parameters<typeof alternativesForMaterial>[2]> = {}): AlternativesResult => {
    const r = alternativesForMaterial(row(id), table7, { codes: ASSUMED_CODES, period: 50, limit: 100, ...extra });
    assert.ok(!isProblem(r), JSON.stringify(r));
    return r;
  };
  /** Every candidate offered does the subject's job: its family (insulation: any insulation) in the subject's form. */
  const sameJob = (r: AlternativesResult, forms: readonly string[] = [r.subject.job.form ?? '']): void => {
    assert.ok(r.family.sameOnly);
    const insulation = ['mineral-insulation', 'bio-insulation', 'plastic-insulation'];
    const group = (f: string): string => (insulation.includes(f) ? 'insulation' : f);
    const other = r.alternatives.filter((a) => group(a.family) !== group(r.family.id) || !forms.includes(a.job.form ?? '')).map((a) => `${a.name}: ${a.family} ${a.job.form}`);
    assert.deepStrictEqual(other, [], `every candidate of ${r.subject.name} does its job`);
  };
  const close = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} ≠ ${b}`);

  it('a hollow-core deck: nothing of structural concrete is lower, and it says so instead of parquet, building paper, clay board or cork', () => {
    const r = ranked('#B1346');
    assert.strictEqual(r.family.id, 'structural-concrete');
    assert.deepStrictEqual(r.alternatives, []);
    assert.ok(r.counts.otherKinds > 400, 'the rest of the table is of other families, counted, not listed');
    for (const named of ['#G1295', '#G0393', '#G1145', '#G1174']) assert.ok(!r.notComparable.some((n) => n.id === named));
    // Higher ones asked for: deck elements only, never a wall element or a stair.
    const all = ranked('#B1346', { onlyLower: false });
    sameJob(all);
    assert.deepStrictEqual(all.alternatives.map((a) => a.id).sort(), ['#B1350', '#B1354', '#B1409', '#B1413', '#B1417']);
    assert.ok(all.counts.otherJobs >= 10, 'the wall elements, sandwich elements, stair and ready-mix concretes are another job');
    // The same deck among every family (asked for): the floor coverings per m² are lower then, each with what to check.
    const any = ranked('#B1346', { family: 'any' });
    assert.match(format(any.alternatives.find((a) => a.id === '#G1295')!.check!), /^another family/);
  });

  it('a facing brick: facing bricks (and bricks that may be one, worth checking), never rammed earth or a backing block; Facadeklinker 541.9 + 13.456 against 528.541 + 13.207 per m³ is higher', () => {
    const r = ranked('#G0116');
    assert.deepStrictEqual(r.subject.job, { family: 'masonry', role: 'leaf', form: 'facing', formFrom: 'name', formBy: 'formur' });
    // The concrete brick's name does not say facing or backing: lower, but worth checking.
    assert.deepStrictEqual(r.alternatives.map((a) => [a.id, a.check && format(a.check)]), [['#G0330', 'whether Betonmursten is a facing brick']]);
    const all = ranked('#G0116', { onlyLower: false });
    sameJob(all, ['facing', 'brick']);
    assert.deepStrictEqual(all.alternatives.map((a) => a.id), ['#G0330', '#G0245']);
    assert.strictEqual(all.alternatives[1].check, undefined, 'a facing brick for a facing brick: nothing open');
    assert.ok(!all.alternatives.some((a) => a.id === '#G0743' || a.id === '#G0930'));
  });

  it('mineral wool: any insulation at equal thermal resistance, boards for boards; wood fibre at λ 0.042 for 0.037 is 1.135 m³ per m³', () => {
    const r = ranked('#G1229');
    sameJob(r, ['boards-batts', 'pressure-resistant']);
    assert.strictEqual(r.alternatives[0].id, '#G1182', 'straw is lowest, worth checking: its λ is not stated');
    assert.match(format(r.alternatives[0].check!), /thermal conductivity \(λ\) of Halm is not known/);
    const general = r.alternatives.find((a) => a.id === '#G1226')!;
    close(general.effect.inScope, 41.426309 - 72.364631, 'facade → general mineral wool, the same λ');
    assert.strictEqual(general.check, undefined);
    assert.ok(r.alternatives.every((a) => !a.byMass), 'insulation is never the same mass of another product');
    const wood = ranked('#G1226', { onlyLower: false }).alternatives.find((a) => a.id === '#G0012')!;
    close(wood.amount, 0.042 / 0.037, 'm³ of wood fibre for 1 m³ of mineral wool');
    close(wood.inScope, (0.042 / 0.037) * (-156.3 + 238.2), 'wood fibre at equal thermal resistance');
    assert.strictEqual(wood.check, undefined);
    assert.strictEqual(wood.rewritesQuantity, true, 'taking it writes the thicker layer');
    assert.ok(!ranked('#G1226', { onlyLower: false }).alternatives.some((a) => a.job.form === 'loose-fill'), 'no loose fill for boards');
  });

  it('a gypsum board: boards only; the clay board, 0.0530942 + 0.0436552 = 0.0967494 against 1.36406 + 0.127547 = 1.491607 per m², with its fire class to check', () => {
    const r = ranked('#G0949');
    sameJob(r, ['']);
    assert.deepStrictEqual(r.alternatives.map((a) => a.id), ['#G1145']);
    close(r.alternatives[0].effect.inScope, 0.0967494 - 1.491607, 'change');
    assert.match(format(r.alternatives[0].check!), /fire class/);
  });

  it('structural timber: timber only; unplaned −664 + 709 = 45 against planed −652 + 709 = 57 per m³', () => {
    const r = ranked('#B1325');
    sameJob(r, ['']);
    assert.strictEqual(r.alternatives[0].id, '#B1332');
    close(r.alternatives[0].effect.inScope, -12, 'change');
  });

  it('a steel section: metals only (no reinforcement mesh); 1000 kg of steel profile 0.994444 + 0.00068207 per kg against 1125 + 1.844 per 1000 kg', () => {
    const r = ranked('#G0086');
    sameJob(r, ['']);
    assert.deepStrictEqual(r.alternatives.map((a) => a.id), ['#G0872']);
    close(r.alternatives[0].inScope, 1000 * (0.994444 + 0.00068207), 'steel profile, 1000 kg');
    close(r.alternatives[0].effect.inScope, 1000 * (0.994444 + 0.00068207) - 1126.844, 'change');
  });

  it('triple glazing: 3-pane units only — no single glass, 2-pane unit, skylight, curtain wall or fitting', () => {
    const r = ranked('#G1075', { onlyLower: false });
    assert.deepStrictEqual(r.subject.job.form, 'glazing-3');
    assert.deepStrictEqual(r.alternatives, [], 'Tabel 7 has no other 3-pane unit');
    assert.ok(r.counts.otherJobs >= 30);
    const any = ranked('#G1075', { family: 'any' });
    assert.strictEqual(format(any.alternatives.find((a) => a.id === '#G0984')!.check!), 'another job: a single glazing, not a 3-pane unit');
  });

  it('a material whose results are all zero, or without A1-A3, is never offered as lower', () => {
    const wood = row('#G0012');
    const zero: CandidateMaterial = { epd: { ...wood, id: 'zero', name: 'Træfiberisolering (skabelon)', lciaResults: wood.lciaResults.map((m) => ({ ...m, indicators: m.indicators.map((i) => ({ ...i, value: 0 })) })) }, source: 'template' };
    const none: CandidateMaterial = { epd: { ...wood, id: 'none', name: 'Træfiberisolering uden data', lciaResults: [] }, source: 'empty' };
    const straw = row('#G1182');
    const r = alternativesForMaterial(straw, [...table7, zero, none], { codes: ASSUMED_CODES, period: 50, limit: 100 });
    assert.ok(!isProblem(r));
    if (isProblem(r)) return;
    assert.ok(!r.alternatives.some((a) => a.id === 'zero' || a.id === 'none'));
    assert.match(format(r.notComparable.find((n) => n.id === 'zero')!.reason), /all zero/);
    assert.match(format(r.notComparable.find((n) => n.id === 'none')!.reason), /declares no GWP total for A1-A3/);
    const all = alternativesForMaterial(straw, [zero], { codes: ASSUMED_CODES, period: 50, onlyLower: false });
    assert.ok(!isProblem(all) && all.alternatives.length === 0, 'not even when higher ones are asked for');
  });
});
