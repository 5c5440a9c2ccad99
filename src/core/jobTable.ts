// The job of a line, as data beside the family table (familyTable.ts holds these rows in MATERIAL_FAMILIES; the
// reader is jobs.ts): the building parts a line's classification or a construction's name tells, the roles a
// material plays, the forms of a product within its family (wall element or deck element, facing brick or backing
// block, boards or loose fill, 1-, 2- or 3-pane glazing, masonry mortar or screed) and the default thermal
// conductivities per product type. Each row's source is a key of docs/material-families.md, *The job of a line*.
import { msg, type Msg } from './l10n';

export const PART_IDS = [
  'foundation',
  'ground-floor',
  'external-wall',
  'internal-wall',
  'floor-deck',
  'stair',
  'roof',
  'frame',
  'windows-doors',
  'balustrade',
  'ceiling',
  'installations',
] as const;
export type PartId = (typeof PART_IDS)[number];

/** A building part: the classes (CI/SfB table 1, as BIM7AA and the dashboard's lines carry them) and the words of a construction's name. */
export interface BuildingPart {
  readonly id: PartId;
  readonly label: Msg;
  /** Class codes without brackets ("21" for "(21) External walls"); the longest that starts a line's code wins. */
  readonly codes: readonly string[];
  /** Words of a construction's name or tags (as the family words: `*` for the part of a compound). */
  readonly words: readonly string[];
  readonly source: string;
}

export const BUILDING_PARTS: readonly BuildingPart[] = [
  { id: 'foundation', label: msg('foundations'), codes: ['1', '11', '16', '17'], words: ['fundament*', 'sokkel*', 'punktfundament', 'stribefundament', 'fundament', 'gründung', 'streifenfundament', 'foundation*', 'footing*', 'pile*'], source: 'SFB, SEED' },
  { id: 'ground-floor', label: msg('floors on the ground'), codes: ['13', '16.2'], words: ['terrændæk', 'gulv på terræn', 'bodenplatte', 'ground slab*', 'floor on ground', 'slab on grade'], source: 'SFB, SEED' },
  { id: 'external-wall', label: msg('external walls'), codes: ['21', '41'], words: ['ydervæg*', 'facade*', 'hulmur*', 'außenwand*', 'fassade*', 'outer wall*', 'external wall*', 'exterior wall*', 'cavity wall*'], source: 'SFB, SEED' },
  { id: 'internal-wall', label: msg('internal walls'), codes: ['22', '42'], words: ['indervæg*', 'skillevæg*', 'bærevæg*', 'innenwand*', 'trennwand*', 'inner wall*', 'internal wall*', 'partition*'], source: 'SFB, SEED' },
  { id: 'floor-deck', label: msg('floor decks'), codes: ['23', '33', '43'], words: ['etagedæk', 'dæk', 'etageadskillelse*', 'geschossdecke*', 'deck', 'decks', 'floor deck*', 'floor slab*'], source: 'SFB, SEED' },
  { id: 'stair', label: msg('stairs'), codes: ['24', '44'], words: ['trappe*', 'treppe*', 'stair*'], source: 'SFB' },
  { id: 'roof', label: msg('roofs'), codes: ['27', '37', '47'], words: ['tag', 'tage', 'fladt tag', 'tagkonstruktion*', 'tagdæk*', 'dach*', 'roof*'], source: 'SFB, SEED' },
  { id: 'frame', label: msg('structural frames'), codes: ['28'], words: ['bjælke*', 'søjle*', 'rammekonstruktion*', 'träger', 'stütze*', 'beam*', 'column*'], source: 'SFB, SEED' },
  { id: 'windows-doors', label: msg('windows and doors'), codes: ['31', '32'], words: ['vindue*', 'dør', 'døre', 'fenster*', 'tür', 'türen', 'window*', 'door*'], source: 'SFB, SEED' },
  { id: 'balustrade', label: msg('balustrades and railings'), codes: ['34'], words: ['rækværk*', 'geländer', 'railing*', 'balustrade*'], source: 'SFB, SEED' },
  { id: 'ceiling', label: msg('ceilings'), codes: ['35', '45'], words: ['nedhængt loft', 'lofter', 'ceiling*'], source: 'SFB' },
  { id: 'installations', label: msg('installations'), codes: ['5', '6'], words: ['installation*', 'ventilationsanlæg*'], source: 'SFB' },
];

export const ROLE_IDS = ['load-bearing', 'leaf', 'insulation', 'cladding', 'glazing', 'mortar', 'membrane', 'covering', 'installation', 'fill'] as const;
export type RoleId = (typeof ROLE_IDS)[number];

/** The roles in the user's words. */
export const ROLE_LABELS: Readonly<Record<RoleId, Msg>> = {
  'load-bearing': msg('load-bearing'),
  leaf: msg('leaf (not load-bearing)'),
  insulation: msg('thermal insulation'),
  cladding: msg('cladding and lining'),
  glazing: msg('glazing'),
  mortar: msg('masonry mortar'),
  membrane: msg('membrane'),
  covering: msg('covering'),
  installation: msg('installation'),
  fill: msg('fill'),
};

/** What decides equal performance within a job (jobs.ts reads it). */
export type PerformanceBasis =
  /** Equal thermal resistance: the amount scaled by λ of the candidate over λ of the current material. */
  | { readonly kind: 'lambda' }
  /** The same form is the same performance (a facing brick for a facing brick, a 3-pane unit for a 3-pane unit). */
  | { readonly kind: 'form' }
  /** A grade read from the name (a concrete's strength class); the candidate's at least the current one's. */
  | { readonly kind: 'grade'; readonly what: Msg }
  /** A thickness read from the name (an element's); the candidate's at least the current one's. */
  | { readonly kind: 'thickness'; readonly what: Msg };

/** A form of product within a family: its words, its role where it differs from the family's, and what it is judged by. */
export interface FamilyForm {
  readonly id: string;
  readonly label: Msg;
  /** Words of a name (as the family words); the word that starts first in the name wins, the longest at one place. */
  readonly words: readonly string[];
  /** The role a product of this form plays, where it is not the family's. */
  readonly role?: RoleId;
  /**
   * A form that does not tell its job by itself (a cement mortar, a brick): in these parts it does this form's job
   * (a cement mortar laid on a deck is a screed); elsewhere it is judged as written.
   */
  readonly inParts?: readonly { readonly parts: readonly PartId[]; readonly form: string }[];
  /** Forms a product of this one can also stand for (a pressure-resistant board for a plain one). */
  readonly standsFor?: readonly string[];
  /** Names the forms this generic one may be (a brick is a facing brick or a backing block): a candidate of one is worth checking. */
  readonly mayBe?: readonly string[];
  /** What equal performance is judged by, where not the family's. */
  readonly basis?: PerformanceBasis;
  readonly source: string;
}

/** A stated thermal conductivity of a product type, for a material whose data and name give none. */
export interface LambdaDefault {
  readonly family: string;
  /** Its form (undefined: any form of the family). */
  readonly form?: string;
  /** Words one of which its names must have, as written inside them (undefined: any name of the family and form). */
  readonly words?: readonly string[];
  /** W/(m·K). */
  readonly value: number;
  readonly source: string;
}

// Insulation: one job across raw materials (mineral, bio-based, plastic), so the three families share these forms.
const INSULATION_FORMS: readonly FamilyForm[] = [
  { id: 'boards-batts', label: msg('boards and batts'), words: ['*plade', '*plader', 'batts', '*dug', '*måtte*', '*platte*', '*platten', '*vlies', '*matte*', 'board*', 'batt*', 'slab*', 'mat', 'mats'], source: 'T7, SEED' },
  {
    id: 'pressure-resistant', label: msg('pressure-resistant boards'), standsFor: ['boards-batts'],
    words: ['trykfast*', 'terræn', 'terrændæk', 'kælderydervæg', 'flachdach-dämmung', 'boden-dämmung', 'perimeter*', 'xps*', 'høj densitet', 'pressure-resistant', 'perimeter insulation'],
    source: 'T7',
  },
  {
    id: 'loose-fill', label: msg('loose fill'),
    words: ['løsfyld', '*fyldning', 'perlite', 'granulat', '*granulat', 'indblæs*', 'einblas*', '*schüttung', 'schüttung*', 'loose fill', 'loose-fill', 'blown', 'granulate', 'beads'],
    source: 'T7',
  },
  { id: 'pipe-sections', label: msg('pipe sections'), words: ['rørskål*', 'rørisolering', 'rohrschale*', 'heizungsrohrschale', 'rohrisolierung', 'pipe section*', 'pipe insulation'], role: 'installation', source: 'T7' },
];

/** The forms of each family that has them, by family id (familyTable.ts puts them on the rows). */
export const FAMILY_FORMS: Readonly<Record<string, readonly FamilyForm[]>> = {
  'structural-concrete': [
    { id: 'in-situ', label: msg('ready-mix concrete'), words: ['fabriksbeton', 'transportbeton', 'ortbeton', 'ready-mix*', 'in-situ', 'cast in place', 'fugebeton'], basis: { kind: 'grade', what: msg('strength class') }, source: 'T7, SEED' },
    { id: 'deck-element', label: msg('deck element'), words: ['huldæk*', 'ribbedæk*', 'tt-element*', 'dækelement*', 'hohldiele*', 'deckenelement*', 'hollow-core', 'hollow core', 'deck element*', 'slab element*'], basis: { kind: 'thickness', what: msg('span and load capacity') }, source: 'T7, SEED' },
    { id: 'wall-element', label: msg('wall element'), words: ['vægelement*', 'wandelement*', 'wall element*', 'precast concrete wall', 'precast wall'], basis: { kind: 'thickness', what: msg('load capacity and the wall\'s thickness') }, source: 'T7, SEED' },
    { id: 'sandwich-element', label: msg('sandwich element'), words: ['sandwichelement*', 'sandwichwand*', 'sandwich element*', 'sandwich panel*'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'stair', label: msg('stair'), words: ['betontrappe*', 'trappe*', 'treppe', 'stair*'], basis: { kind: 'form' }, source: 'T7, OBD' },
    { id: 'beam-column', label: msg('beam or column'), words: ['bjælke*', 'søjle*', 'träger', 'stütze*', 'beam*', 'column*'], basis: { kind: 'thickness', what: msg('span and load capacity') }, source: 'T7' },
  ],
  masonry: [
    { id: 'facing', label: msg('facing brick'), role: 'leaf', words: ['formur', 'facadeklinker', '*klinker', 'blødstrøgen', 'vormauer*', 'fassadenklinker', 'verblender', 'outer leaf', 'facing brick*', 'facing'], basis: { kind: 'form' }, source: 'T7, SEED' },
    {
      id: 'backing', label: msg('backing block'), role: 'load-bearing', basis: { kind: 'form' }, source: 'T7',
      words: ['bagmur', 'letklinkerblok*', 'porebeton*', 'letbeton*', 'kalksandsten', 'slaggebeton', 'pimpsten (sfk', 'blok', 'blokke', 'hintermauer*', 'porenbeton*', 'kalksandstein*', 'mauerstein*', 'inner leaf', 'backing', 'block', 'blocks', 'aerated concrete', 'sand-lime brick*'],
    },
    { id: 'earth', label: msg('earth'), role: 'leaf', words: ['stampet ler', 'lersten', 'lehmstein*', 'stampflehm', 'rammed earth', 'earth block*', 'clay block*'], basis: { kind: 'form' }, source: 'T7' },
    {
      id: 'brick', label: msg('brick'), words: ['teglsten', 'mursten', '*mursten', 'tegl', 'ziegel', '*ziegel', 'brick', 'bricks', 'clay brick'], mayBe: ['facing', 'backing'],
      inParts: [{ parts: ['external-wall'], form: 'facing' }, { parts: ['internal-wall'], form: 'backing' }], basis: { kind: 'form' }, source: 'T7, SEED',
    },
    { id: 'glass-block', label: msg('glass block'), words: ['glasbyggesten', 'glasbaustein*', 'glass block*'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'chimney', label: msg('chimney'), role: 'installation', words: ['skorsten*', 'schornstein*', 'chimney*'], basis: { kind: 'form' }, source: 'T7' },
  ],
  'mineral-insulation': INSULATION_FORMS,
  'bio-insulation': INSULATION_FORMS,
  'plastic-insulation': INSULATION_FORMS,
  'glass-windows': [
    { id: 'glazing-1', label: msg('single glazing'), words: ['glas 4 mm', 'glas 6 mm', 'glas 8 mm', 'float glass*', 'floatglas', 'fensterglas einfach', 'enkeltglas', 'enkelt glas', 'einscheiben*', 'single glazing', 'single pane', '1-pane', '1-lags'], basis: { kind: 'form' }, source: 'T7, SEED' },
    { id: 'glazing-2', label: msg('2-pane unit'), words: ['2-lags', 'tolags*', '2-scheiben', 'zweifach*', 'zweischeiben*', '2-pane', 'double glazing', 'double-glazed'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'glazing-3', label: msg('3-pane unit'), words: ['3-lags', 'trelags*', '3-scheiben', 'dreifach*', 'dreischeiben*', '3-pane', 'triple glazing', 'triple-glazed'], basis: { kind: 'form' }, source: 'T7, SEED' },
    { id: 'skylight', label: msg('skylight'), words: ['ovenlys*', 'rytterlys', 'fladtagsvindue', 'glastag', 'lichtkuppel*', 'dachfenster', 'skylight*', 'rooflight*', 'roof window*'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'curtain-wall', label: msg('curtain wall'), words: ['curtain wall facade', 'vorhangfassade', 'curtain wall', 'curtain walling'], basis: { kind: 'form' }, source: 'T7, OBD' },
    { id: 'frame', label: msg('window frame'), words: ['vinduesramme*', 'vindueskarm*', 'vinduesprofil*', 'curtain wall profiler', 'rahmen', '*rahmen', 'window frame*', 'profile*', 'profiler'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'door', label: msg('door'), words: ['dør', 'døre', 'industriport', 'tür', '*tür', 'haustür', 'tor', 'door*'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'fittings', label: msg('fittings'), words: ['beslag*', 'vinduesbeslag', 'vindueshåndtag', 'beschlag*', 'fitting*', 'handle*'], role: 'installation', basis: { kind: 'form' }, source: 'T7' },
    { id: 'fire-glass', label: msg('fire-resistant glass'), words: ['brandsikkert glas', 'brandschutzglas', 'fire resistant glass', 'fire-resistant glass'], basis: { kind: 'form' }, source: 'T7' },
  ],
  'mortar-render': [
    { id: 'masonry-mortar', label: msg('masonry mortar'), words: ['murmørtel', 'mauermörtel', 'masonry mortar', 'bricklaying mortar'], basis: { kind: 'form' }, source: 'T7' },
    {
      id: 'mortar', label: msg('mortar'), words: ['mørtel', 'cementmørtel', 'kalkcementmørtel', 'kalkmørtel', 'zementmörtel', '*mörtel', 'mortar', 'cement mortar', 'lime mortar'],
      inParts: [{ parts: ['floor-deck', 'ground-floor', 'stair'], form: 'screed' }, { parts: ['external-wall', 'internal-wall'], form: 'masonry-mortar' }],
      // Laid between bricks unless the part says otherwise: a cement mortar is a masonry mortar.
      standsFor: ['masonry-mortar'], basis: { kind: 'form' }, source: 'T7, SEED',
    },
    { id: 'plaster', label: msg('plaster and render'), role: 'covering', words: ['puds', '*puds', 'etics*', 'putz', '*putz', 'wdvs', 'render', 'plaster', 'stucco'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'screed', label: msg('screed'), role: 'covering', words: ['afretningslag', 'anhydrit*', 'kalciumsulfat', 'estrich', '*estrich', 'screed*', 'levelling compound'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'asphalt', label: msg('mastic asphalt'), role: 'covering', words: ['støbeasfalt', 'gussasphalt', 'mastic asphalt'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'tile-mortar', label: msg('tile adhesive and grout'), role: 'covering', words: ['fliseklæber', 'fugemørtel', 'fliesenkleber', 'fugenmörtel', 'tile adhesive', 'grout'], basis: { kind: 'form' }, source: 'T7' },
    { id: 'filler', label: msg('filler and reinforcing mortar'), role: 'covering', words: ['armeringsmørtel', 'spartelmasse', 'spachtel*', 'filler'], basis: { kind: 'form' }, source: 'T7' },
  ],
};

/** What names mineral wool (glass or stone wool), not cellular glass or perlite. */
const MINERAL_WOOL = ['mineraluld', 'stenuld', 'glasuld', 'mineralwolle', 'steinwolle', 'glaswolle', 'mineral wool', 'stone wool', 'rock wool', 'glass wool'];

/** The stated thermal conductivity per product type where a material's data and name give none (docs/material-families.md). */
export const LAMBDA_DEFAULTS: readonly LambdaDefault[] = [
  { family: 'mineral-insulation', form: 'loose-fill', words: MINERAL_WOOL, value: 0.042, source: 'VIF' },
  { family: 'mineral-insulation', words: MINERAL_WOOL, value: 0.037, source: 'VIF' },
  { family: 'bio-insulation', form: 'loose-fill', words: ['papiruld', 'zellulose', 'cellulose'], value: 0.04, source: 'VIF, PAP' },
  { family: 'bio-insulation', form: 'boards-batts', words: ['træfiber', 'holzfaser', 'wood fibre', 'wood fiber', 'wood-fibre'], value: 0.042, source: 'RIB' },
];
