// Benchmark: the check of a construction with 100 unknown epdIds in a workspace of 10,000 materials with service ids.
// Each unknown id is an error whose "Use …" fixes are the nearest known materials; the rules ask the catalog for its
// candidates once per unknown id (`suggestEpds`). The catalog (src/extension/library/catalog.ts, which needs the editor)
// derives that list from its materials — the materials of every file, those with an id the signed-in identity may
// use, as MaterialInfo — and keeps it until it changes. Here the same derivation runs over the same kind of entries
// (`materialOf`, `ownershipOf`): once per check (kept; the catalog is taken to have changed before every check, the
// worst case) against once per unknown id (as the catalog did before), both through `analyze`. The ranking keeps each
// candidate's name words per candidate object, so with a list derived per id it also splits every name per id. The
// findings must be the same.
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { ownershipOf } from '../../../src/core/identity';
import { analyze, type MaterialInfo } from '../../../src/core/rules';
import { materialOf, type CatalogMaterial } from '../../../src/extension/library/catalogTypes';
import { CHECKS } from '../../fixtures/checks';
import { bulkMaterials } from '../../fixtures/generate';
import { best } from './common';
import { result, type BenchResult } from './result';

const COUNT = 10_000;
const UNKNOWN = 100;
const WHO = 'https://epd.example.com|demo@example.com';

const idOf = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const unknownId = (i: number): string => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;

export const suggestBench = {
  name: 'unknown epdIds at 10,000 materials',
  async run(): Promise<BenchResult> {
    const items = bulkMaterials(COUNT);
    // As the catalog holds a bulk library with its bulk-create record: every material with the id created for it.
    const files = new Map<string, CatalogMaterial[]>([
      ['library.materials.json', items.map((m, i) => materialOf(m, ASSUMED_CODES, 'created', idOf(i), undefined, i, WHO))],
    ]);
    const known = new Map<string, MaterialInfo>();
    for (const list of files.values()) for (const m of list) known.set(m.id!, { id: m.id!, name: m.name, declaredUnit: m.epd.declaredUnit });
    /** The catalog's derivation: its materials, those with an id the signed-in identity may use, as MaterialInfo. */
    const derive = (): MaterialInfo[] =>
      [...files.values()]
        .flat()
        .filter((m): m is CatalogMaterial & { id: string } => !!m.id && ownershipOf(m.learnedBy, WHO, false) === 'own')
        .map((m) => ({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit }));

    const text = JSON.stringify(
      {
        name: 'Ydervæg, sample material',
        declaredUnit: { declaredUnit: 2, declaredValue: 1 },
        constructionEpds: Array.from({ length: UNKNOWN }, (_, i) => ({ epdId: unknownId(i), constructionUnit: { unit: 2, amount: 1 } })),
      },
      null,
      2,
    );
    const options = { ...CHECKS, kind: 'construction' as const, fileName: 'wall.construction.json', resolveEpd: (id: string) => known.get(id) };
    let calls = 0;
    // `findings` is what the editor reads (the analysis computes it on first read).
    const perId = () =>
      analyze(text, {
        ...options,
        suggestEpds: () => {
          calls++;
          return derive();
        },
      }).findings;
    const kept = () => {
      let list: readonly MaterialInfo[] | undefined;
      return analyze(text, { ...options, suggestEpds: () => (list ??= derive()) }).findings;
    };
    const a = { findings: perId() };
    if (calls !== UNKNOWN) throw new Error(`the rules asked for candidates ${calls} times, not once per unknown id (${UNKNOWN})`);
    const b = { findings: kept() };
    const fixes = a.findings.filter((f) => f.ruleId === 'epd-unresolved').reduce((n, f) => n + (f.moreFixes?.length ?? 0), 0);
    if (a.findings.filter((f) => f.ruleId === 'epd-unresolved').length !== UNKNOWN || !fixes) throw new Error('expected an epd-unresolved error with fixes per unknown id');
    if (JSON.stringify(a.findings) !== JSON.stringify(b.findings)) throw new Error('the kept list gives other findings than the list derived per id');
    const perIdMs = await best(5, perId);
    const keptMs = await best(5, kept);
    const deriveMs = await best(10, derive);
    return result({
      name: `check of a construction with ${UNKNOWN} unknown epdIds, ${COUNT.toLocaleString('en')} materials: "Use …" candidates derived once per catalog change`,
      ms: keptMs,
      floor: 'the same check deriving them once per unknown id',
      floorMs: perIdMs,
      detail: `one derivation of the ${COUNT.toLocaleString('en')} candidates ${deriveMs.toFixed(2)} ms; ${fixes} fixes, the same findings`,
    });
  },
};
