// Material families: what job a material does in a building (structural concrete, masonry, mineral insulation …), so
// that alternatives are offered among materials that do the same job. The vocabulary is data with its sources
// (docs/material-families.md), like the BR18 rule table; `familyOf` reads a material's family from — in this order —
// a `family:` tag a user set, the classification an importer kept (`class:` tags: ILCD classes, LCAx
// classification, a spreadsheet's category column), its other tags (the service's category tags), and the words of
// its names in Danish, German and English. Pure: the table is an argument with the built-in one as default.
import { label, msg, type Msg } from './l10n';
import type { EpdData } from './lca/types';

export const FAMILY_IDS = [
  'structural-concrete',
  'masonry',
  'timber',
  'boards',
  'mineral-insulation',
  'bio-insulation',
  'plastic-insulation',
  'metals',
  'reinforcement',
  'glass-windows',
  'sun-shading',
  'roofing',
  'membranes',
  'floor-coverings',
  'mortar-render',
  'stone-ceramics',
  'coatings-sealants',
  'aggregates',
  'technical-installations',
  'unknown',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

/** One family of the vocabulary. */
export interface MaterialFamily {
  readonly id: FamilyId;
  /** Its name, phrased in the user's language. */
  readonly label: Msg;
  /**
   * Words of a name (Danish, German, English), lower case, matched as whole words ("lead" is not in "leader");
   * a leading `*` lets letters come before ("*beton" in "Fabriksbeton"), a trailing one after ("tegl*" in
   * "Teglsten"): the parts of Danish and German compounds. Of the words found, the one that starts first in the
   * name wins, and at the same place the longest ("betonmursten" over "beton", "glasuld" over "glas").
   */
  readonly words: readonly string[];
  /** Classes of a classification system that are this family: the system's name and the class id's prefix. */
  readonly classes: readonly { readonly system: string; readonly id: string }[];
  /** What a like-for-like comparison needs that the EPD data do not hold, said on every candidate of the family. */
  readonly check?: Msg;
  /**
   * False where the same mass of another product is not the same job (insulation, boards, panes, membranes,
   * coverings, installations: compared by volume, area or piece only); default true.
   */
  readonly byMass?: boolean;
  /** Keys of the sources in docs/material-families.md. */
  readonly source: string;
}

export interface FamilyTable {
  readonly families: readonly MaterialFamily[];
}

/** The built-in vocabulary. Row by row with its sources: docs/material-families.md. */
export const MATERIAL_FAMILIES: FamilyTable = {
  families: [
    {
      id: 'structural-concrete',
      label: msg('structural concrete'),
      words: [
        '*beton*', 'huldæk*', 'ribbedæk*', 'tt-element*', 'betonelement*', 'fabriksbeton', 'betontrappe', 'sandwichelement*', 'dækelement*',
        'hohldiele*', 'spannbeton*', 'transportbeton', 'betonfertigteil*',
        'concrete', 'hollow-core', 'hollow core', 'precast', 'ready-mix', 'cement', 'reinforced concrete',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '1.4' }],
      check: msg('check strength class, span and load capacity: a deck or wall of another thickness or reinforcement carries another load'),
      source: 'T7, OBD, SEED',
    },
    {
      id: 'masonry',
      label: msg('masonry'),
      words: [
        '*mursten', 'betonmursten', 'teglsten', 'tegl*', 'blødstrøgen', '*klinker', 'kalksandsten', 'porebeton*', 'letbeton*', 'letklinkerblok*', 'slaggebeton', 'lersten',
        'pimpsten (sfk', 'glasbyggesten', 'skorsten opmuret', 'stampet ler', 'murværk', 'formur', 'blok', 'blokke',
        '*ziegel', '*mauerstein*', 'kalksandstein*', 'porenbeton*', 'lehmstein*', 'mauerwerk', 'hüttensteine', 'glasbausteine',
        'brick', 'bricks', 'brickwork', 'masonry', 'block', 'blocks', 'blockwork', 'aerated concrete', 'clay brick', 'rammed earth',
      ],
      classes: [],
      check: msg('check compressive strength and the wall\'s U-value: a block of another density insulates and carries differently'),
      source: 'T7, SEED',
    },
    {
      id: 'timber',
      label: msg('timber'),
      words: [
        '*træ*', 'konstruktionstræ', 'limtræ*', 'krydslamineret', 'clt', 'kertotræ', 'lvl', 'tømmer', 'massivtræ',
        '*holz*', 'schnittholz', 'brettschichtholz', 'brettsperrholz', 'furnierschichtholz', 'konstruktionsvollholz', 'massivholz*',
        'timber', 'wood', 'wooden', 'glulam', 'cross-laminated', 'lumber', 'sawn timber', 'solid wood', 'engineered wood',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '3.1' }, { system: 'OEKOBAU.DAT', id: '3.2.01' }],
      check: msg('check strength class and cross-section: the same volume carries the same load only in the same grade'),
      source: 'T7, OBD, SEED',
    },
    {
      id: 'boards',
      label: msg('boards'),
      words: [
        '*plade*', 'gips', 'gipskarton*', 'gipsfiber*', 'spånplade', 'osb*', 'mdf', 'hdf', 'krydsfiner', 'fibercement*', 'træfiberplade', 'træbetonplade',
        'kalciumsilikatplade', 'hpl*', 'facadepanel*', 'loftspanel*', 'vindplade*',
        '*platte*', '*faserzement*', 'holzwerkstoff*', 'holzwolle-leichtbauplatte', 'sperrholz', 'oriented strand board',
        'board', 'boards', '*board', 'gypsum', 'gypsum board', 'plywood', 'fibre cement', 'fiber cement',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '3.2' }, { system: 'OEKOBAU.DAT', id: '1.3.12' }, { system: 'The International EPD System', id: '2.3' }],
      check: msg('check thickness, fire class and stiffness: a board of another thickness or class is not the same lining'),
      byMass: false,
      source: 'T7, OBD, ENV, SEED',
    },
    {
      id: 'mineral-insulation',
      label: msg('mineral insulation'),
      words: [
        'mineraluld*', 'stenuld*', 'glasuld*', 'celleglas*', 'perlite',
        '*mineralwolle', 'mineralwolle*', '*steinwolle*', 'glaswolle*', 'schaumglas*', 'mineralfaser*',
        'mineral wool', 'stone wool', 'rock wool', 'rockwool', 'glass wool', 'cellular glass', 'foamglas*',
      ],
      classes: [],
      check: msg('check the thermal conductivity (λ): the same thickness insulates the same only at the same λ'),
      byMass: false,
      source: 'T7, SEED',
    },
    {
      id: 'bio-insulation',
      label: msg('bio-based insulation'),
      words: [
        'træfiberisolering*', 'træfiber', 'papiruld*', 'hørfiber*', 'hampfiber*', 'halm', 'kork, expanderet', 'træuld', 'bomuld*', 'græsisolering',
        'holzfaserdämm*', 'zellulosefaser*', 'flachsvlies', 'hanfvlies', 'baustroh', 'expandierter kork',
        'wood fibre insulation', 'wood fiber insulation', 'wood-fibre insulation', 'cellulose', 'cellulose insulation', 'hemp', 'flax', 'straw', 'expanded cork',
      ],
      classes: [],
      check: msg('check the thermal conductivity (λ): the same thickness insulates the same only at the same λ'),
      byMass: false,
      source: 'T7',
    },
    {
      id: 'plastic-insulation',
      label: msg('plastic foam insulation'),
      words: [
        'eps', 'xps', 'pir', 'pur', 'pu skum*', 'phenolplast', 'polystyren*', 'polyurethanskum', 'urea formaldehyd*',
        'eps-hartschaum', 'xps-dämmstoff', 'pu-dämmplatten', 'phenolharz*', '*polystyrol*',
        'expanded polystyrene', 'extruded polystyrene', 'polyisocyanurate', 'polyurethane foam', 'phenolic foam', 'plastic foam*',
      ],
      classes: [],
      check: msg('check the thermal conductivity (λ): the same thickness insulates the same only at the same λ'),
      byMass: false,
      source: 'T7, SEED',
    },
    {
      id: 'metals',
      label: msg('metals'),
      words: [
        'stål*', '*stål', 'aluminium*', 'kobber*', 'zink', 'messing', 'bly*', 'støbejern', 'rustfri*', 'rustfast*', 'rørgods',
        'stahl*', '*stahl', 'baustähle', 'edelstahl*', 'kupfer*', 'grauguss*', 'messing-bauteil', 'gussteile aus aluminium',
        'steel', 'aluminum', 'copper', 'zinc', 'brass', 'lead', 'cast iron', 'stainless', 'metal', 'metals',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '4' }, { system: 'CPC 2.1', id: '41' }, { system: 'CPC 2.1', id: '42' }],
      check: msg('check the section\'s capacity: the same mass of another metal or grade is not the same strength'),
      source: 'T7, OBD, CPC, SEED',
    },
    {
      id: 'reinforcement',
      label: msg('reinforcement steel'),
      words: ['armering*', 'armeringsnet', 'armeringsstål', 'bewehrungsstahl', 'betonstahl', 'rebar', 'reinforcement', 'reinforcement steel', 'reinforcing steel'],
      classes: [],
      check: msg('check the steel grade and the bar or mesh the design needs: reinforcement is dimensioned, not swapped by weight'),
      source: 'T7, SEED',
    },
    {
      id: 'glass-windows',
      label: msg('glass, windows and doors'),
      words: [
        'glas*', 'rude*', 'vindue*', 'brandsikkert glas', 'curtain wall*', 'ovenlys*', 'rytterlys', 'fladtagsvindue', 'glastag', 'dør', 'døre', 'industriport', 'beslag*',
        'isolierglas', '*verglasung', 'fenster*', '*fenster', 'flügelrahmen*', 'blendrahmen*', 'tür', 'vorhangfassade*',
        'glass', 'glazing', 'window*', 'door*', 'insulating glass', 'float glass', 'igu',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '7' }],
      check: msg('check U-value, g-value and frame share: a pane or window of another build is not the same envelope'),
      byMass: false,
      source: 'T7, OBD, SEED',
    },
    {
      id: 'sun-shading',
      label: msg('sun shading and shutters'),
      words: ['solafskærmning*', 'rulleskodder', 'markise*', 'sonnenschutz*', 'rollladen', 'sun shading', 'shutter*', 'blinds', 'awning*'],
      classes: [],
      check: msg('check the shading factor and the area covered: another screen does not shade the same'),
      byMass: false,
      source: 'T7, OBD',
    },
    {
      id: 'roofing',
      label: msg('roof coverings'),
      words: [
        'tagpap', 'tagsten', 'tagmembran', 'tagfolie', 'eva-tagmembran', 'ecb-plast tagmembran', 'skifer', 'tegltag', 'grønt tag', 'tagbelægning',
        'dachziegel', 'dachsteine', '*dachbahnen', 'dachbahn*', 'bitumenbahnen', 'schiefer', 'dachdeckung',
        'roof tile*', 'roofing*', 'roof covering', 'roofing felt', 'slate',
      ],
      classes: [],
      check: msg('check the roof pitch and what the covering must withstand (tightness, fire class): another covering is not always laid on the same roof'),
      byMass: false,
      source: 'T7, SEED',
    },
    {
      id: 'membranes',
      label: msg('membranes and barriers'),
      words: [
        'byggepap', 'undertag', 'dampspærre', 'membran*', 'vandtætningsmembran', 'teflon-membran', 'fugtisolering', 'folie', 'fiberdug', 'glasfiberdug', 'pur-underlag',
        'net-forstærket dampspærre', 'vindspærre', 'radonspærre',
        'unterspannbahn', 'dampfbremse', 'abdichtung', 'kraftpapier',
        'membrane*', 'vapour barrier', 'vapor barrier', 'underlay', 'wind barrier', 'building paper',
      ],
      classes: [],
      check: msg('check vapour resistance and tightness: a layer of another kind does not keep out the same'),
      byMass: false,
      source: 'T7',
    },
    {
      id: 'floor-coverings',
      label: msg('floor coverings'),
      words: [
        'parket*', '*parket', 'trægulv*', 'gulvbelægning', '*gulvbelægning', 'linoleum*', 'kork linoleumsgulv', 'korkfliser', 'tæppe*', 'gummigulv*', 'laminatgulv', 'terrassebelægning',
        'parkett*', '*parkett', 'massivholzparkett', 'mehrschichtparkett', '*bodenbelag', 'teppich*', 'laminat*', 'korkplatten',
        'flooring', 'floor covering', 'parquet', 'carpet', 'vinyl floor*', 'laminate floor*', 'cork tiles',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '3.3' }],
      check: msg('check wear class and thickness: a covering of another class does not last as long'),
      byMass: false,
      source: 'T7, OBD',
    },
    {
      id: 'mortar-render',
      label: msg('mortar, render and screed'),
      words: [
        'mørtel', '*mørtel', 'fliseklæber', 'puds', '*puds', 'afretningslag', 'etics*', 'støbeasfalt', 'anhydrit*', 'kalciumsulfat',
        '*mörtel', 'putz', '*putz', 'estrich', '*estrich', 'wdvs',
        'mortar', 'cement mortar', 'render', 'plaster', 'screed', 'grout',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '1.2' }],
      check: msg('check strength and thickness: a mortar or render of another class is laid otherwise'),
      source: 'T7, SEED',
    },
    {
      id: 'stone-ceramics',
      label: msg('stone and ceramics'),
      words: [
        'natursten*', 'marmor*', 'keramikfliser', 'sanitetskeramik',
        'naturstein*', 'fliesen', '*fliesen', 'keramik*',
        'natural stone', 'marble', 'granite', 'ceramic*', 'ceramic tiles', 'stoneware',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '1.3.07' }],
      check: msg('check thickness and use (floor, facade, outdoors): a slab for another use is not the same'),
      source: 'T7, OBD',
    },
    {
      id: 'coatings-sealants',
      label: msg('paints, coatings and sealants'),
      words: [
        'maling', '*maling', 'overflade', 'lak', 'grunder', 'fugemasse', 'pur fugemasse', 'lim', 'klæber', 'bitumenklæber', 'bitumenemulsion', '*tætning', 'tætning', 'epdm-tætning*',
        'farbe', '*farbe', '*lack', 'voranstrich', '*dichtmasse', 'kleber',
        'paint', 'coating', 'lacquer', 'primer', 'sealant', 'adhesive', 'glue',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '5' }],
      check: msg('check coverage per m² and the number of coats: the same mass covers another area'),
      source: 'T7, OBD',
    },
    {
      id: 'aggregates',
      label: msg('aggregates and fill'),
      words: [
        'grus', 'sand', 'porebeton granulat', 'skærver', 'singels', 'stenmel', 'lavagrus', 'letklinker', 'ekspanderet ler', 'ekspanderet skifer', 'ekspanderet glasgranulat', 'pimpsten', '*asfalt', 'asfalt*', 'bindelag', 'bære-/slidlag',
        'kies', 'schotter', 'splitt*', 'brechsand', 'blähton', 'blähschiefer', 'bims*', 'asphalt*',
        'gravel', 'crushed stone', 'aggregate*', 'expanded clay',
      ],
      classes: [],
      check: msg('check grading and bearing: another aggregate is not always the same fill'),
      source: 'T7',
    },
    {
      id: 'technical-installations',
      label: msg('technical installations'),
      words: [
        'ventilation*', 'boksventilator', '*varmepumpe', 'varmepumpe', 'radiator', 'gulvvarmesystem', 'solcelle*', 'solvarmekollektor', '*kedel', 'kedel', 'pillefyr', 'stokerfyr',
        'fjernvarme*', 'rør', '*rør', 'kobberrør', 'betonrør*', 'betonrohr*', 'cirkulationspumpe', 'elevator', 'rulletrappe', 'buffertank', 'lpg tank', 'vandvarmer', 'aircondition', 'kølemiddel', '*batteri',
        'skorsten stål', 'skortsten',
        'lüfter', 'lüftung*', '*wärmepumpe', 'heizkörper', 'fußbodenheizung', 'photovoltaik*', 'solaranlage', '*kessel', 'rohr', '*rohr', 'rohre', 'umwälzpumpe', 'fahrstuhl', 'fahrtreppe', 'kältemittel',
        'ventilation unit', 'heat pump', 'boiler', 'pipe', 'pipes', 'duct*', 'pv', 'photovoltaic', 'solar panel*', 'lift', 'installation*', 'hvac', 'refrigerant',
      ],
      classes: [{ system: 'OEKOBAU.DAT', id: '8' }],
      check: msg('check capacity and efficiency: a unit of another size does not do the same job'),
      byMass: false,
      source: 'T7, OBD',
    },
    {
      // Not materials: waste treatment and end-of-life processes (Tabel 7 lists them among the materials).
      id: 'unknown',
      label: msg('unknown family'),
      words: ['gips, beta-halvhydrat', 'gipssten', 'gipspulver*', 'affald*', 'genanvendelse', 'oparbejdning', 'tom affaldsproces', 'glasfiber-forstærket', 'end of life', 'waste'],
      // Classes too broad to tell a job: CPC 37 holds glass, ceramics, cement and mineral insulation alike.
      classes: [{ system: 'CPC 2.1', id: '37' }],
      source: 'T7',
    },
  ],
};

/** Where a material's family was read. */
export type FamilySource = 'tag' | 'classification' | 'category' | 'name' | 'none';

export interface FamilyOf {
  id: FamilyId;
  from: FamilySource;
  /** What it was read from: the tag, the class, or the word of the name. */
  by?: string;
}

/** What `familyOf` reads of a material (a file's material, a service read, an EpdData with its tags). */
export interface FamilyInput {
  name?: string;
  /** Names in other languages. */
  names?: readonly string[];
  tags?: readonly string[];
}

/** The tag that sets a material's family: `family:<id>` (e.g. `family:masonry`). */
export const FAMILY_TAG = 'family:';
/** The tag an importer keeps a classification in: `class:<system> > [<id>] <name> > …`. */
export const CLASS_TAG = 'class:';

export interface ClassificationLevel {
  id?: string;
  name: string;
}

export interface Classification {
  system: string;
  classes: ClassificationLevel[];
}

/** A classification as the tag an importer writes: `class:OEKOBAU.DAT > [3] Holz > [3.3] Holzböden > [3.3.02] Parkett`. */
export function classificationTag(c: Classification): string {
  const level = (l: ClassificationLevel): string => (l.id ? `[${l.id}] ${l.name}` : l.name).replace(/\s*>\s*/g, ' / ').trim();
  return `${CLASS_TAG}${c.system.trim()}${c.classes.map((l) => ` > ${level(l)}`).join('')}`;
}

/** The classification a `class:` tag keeps, or undefined for any other tag. */
export function parseClassificationTag(tag: string): Classification | undefined {
  if (!tag.startsWith(CLASS_TAG)) return undefined;
  const [system, ...levels] = tag.slice(CLASS_TAG.length).split(' > ');
  if (!system?.trim()) return undefined;
  return {
    system: system.trim(),
    classes: levels.map((l) => {
      const m = /^\[([^\]]*)\]\s*(.*)$/.exec(l.trim());
      return m ? { id: m[1], name: m[2] } : { name: l.trim() };
    }),
  };
}

/** The family id a `family:` tag sets, or undefined (any other tag, or an id the table does not have). */
export function familyOfTag(tag: string, table: FamilyTable = MATERIAL_FAMILIES): FamilyId | undefined {
  if (!tag.toLowerCase().startsWith(FAMILY_TAG)) return undefined;
  const id = tag.slice(FAMILY_TAG.length).trim().toLowerCase();
  if (id === 'unknown') return 'unknown';
  return table.families.find((f) => f.id === id)?.id;
}

interface Word {
  text: string;
  family: FamilyId;
  /** Letters may come before it / after it. */
  before: boolean;
  after: boolean;
}

interface Matcher {
  re: RegExp;
  /** Every word by its first letter, longest first. */
  byFirst: Map<string, Word[]>;
}

const matchers = new WeakMap<FamilyTable, Matcher>();
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const LETTER = /[\p{L}\p{N}]/u;

/** One regular expression over every word of the table (a named cache of a pure function of the table). */
function matcherOf(table: FamilyTable): Matcher {
  let m = matchers.get(table);
  if (m) return m;
  const words: Word[] = [];
  const seen = new Set<string>();
  for (const f of table.families) {
    for (const raw of f.words) {
      const before = raw.startsWith('*');
      const after = raw.endsWith('*') && raw.length > 1;
      const text = raw.slice(before ? 1 : 0, after ? -1 : undefined).toLowerCase();
      const key = `${before}${after}${text}`;
      if (!text || seen.has(key)) continue;
      seen.add(key);
      words.push({ text, family: f.id, before, after });
    }
  }
  words.sort((a, b) => b.text.length - a.text.length);
  const group = (before: boolean, after: boolean): string => {
    const alt = words.filter((w) => w.before === before && w.after === after).map((w) => escape(w.text));
    if (!alt.length) return '';
    return `${before ? '' : '(?<![\\p{L}\\p{N}])'}(?:${alt.join('|')})${after ? '' : '(?![\\p{L}\\p{N}])'}`;
  };
  const source = [group(false, false), group(false, true), group(true, false), group(true, true)].filter(Boolean).join('|');
  const byFirst = new Map<string, Word[]>();
  for (const w of words) {
    const list = byFirst.get(w.text[0]) ?? [];
    list.push(w);
    byFirst.set(w.text[0], list);
  }
  m = { re: new RegExp(source, 'u'), byFirst };
  matchers.set(table, m);
  return m;
}

/** Whether `w` stands at `at` in `lower` by its rules. */
function standsAt(lower: string, at: number, w: Word): boolean {
  if (!lower.startsWith(w.text, at)) return false;
  if (!w.before && at > 0 && LETTER.test(lower[at - 1])) return false;
  const end = at + w.text.length;
  return w.after || end >= lower.length || !LETTER.test(lower[end]);
}

/** The family the words of a text tell, with the word: the word that starts first, the longest at the same place. */
export function familyOfWords(text: string, table: FamilyTable = MATERIAL_FAMILIES): { id: FamilyId; word: string } | undefined {
  if (!text) return undefined;
  const { re, byFirst } = matcherOf(table);
  const lower = text.toLowerCase();
  const found = re.exec(lower);
  if (!found) return undefined;
  // At the place found, the longest word that stands there (the expression tries its groups in turn, not by length).
  const at = found.index;
  const best = (byFirst.get(lower[at]) ?? []).find((w) => standsAt(lower, at, w));
  return best ? { id: best.family, word: best.text } : undefined;
}

/** The family a classification tells: a class id the table names (deepest first), else the words of its class names. */
export function familyOfClassification(c: Classification, table: FamilyTable = MATERIAL_FAMILIES): { id: FamilyId; by: string } | undefined {
  const system = c.system.toLowerCase();
  for (const level of [...c.classes].reverse()) {
    if (!level.id) continue;
    let best: { id: FamilyId; length: number } | undefined;
    for (const f of table.families) {
      for (const k of f.classes) {
        if (k.system.toLowerCase() !== system) continue;
        if (level.id === k.id || level.id.startsWith(`${k.id}.`)) {
          if (!best || k.id.length > best.length) best = { id: f.id, length: k.id.length };
        }
      }
    }
    // A class the table marks as telling no job ('unknown') leaves the family to the tags and the name.
    if (best) return best.id === 'unknown' ? undefined : { id: best.id, by: `${c.system} ${level.id} ${level.name}`.trim() };
  }
  for (const level of [...c.classes].reverse()) {
    const w = familyOfWords(level.name, table);
    if (w) return w.id === 'unknown' ? undefined : { id: w.id, by: `${c.system} ${level.id ? `${level.id} ` : ''}${level.name}` };
  }
  return undefined;
}

/**
 * A material's family and where it was read: a `family:` tag (the user's), then a kept classification (`class:`
 * tags), then its other tags (finest first: a service's category path ends with its finest level), then the words
 * of its name, then of its names in other languages; 'unknown' when none tells.
 */
export function familyOf(m: FamilyInput, table: FamilyTable = MATERIAL_FAMILIES): FamilyOf {
  const tags = m.tags ?? [];
  for (const t of tags) {
    const id = familyOfTag(t, table);
    if (id) return { id, from: 'tag', by: t };
  }
  for (const t of tags) {
    const c = parseClassificationTag(t);
    const f = c && familyOfClassification(c, table);
    if (f) return { id: f.id, from: 'classification', by: f.by };
  }
  for (let i = tags.length - 1; i >= 0; i--) {
    const t = tags[i];
    if (t.startsWith(CLASS_TAG) || t.toLowerCase().startsWith(FAMILY_TAG)) continue;
    const w = familyOfWords(t, table);
    if (w) return { id: w.id, from: 'category', by: t };
  }
  for (const name of [m.name ?? '', ...(m.names ?? [])]) {
    const w = familyOfWords(name, table);
    if (w) return { id: w.id, from: 'name', by: w.word };
  }
  return { id: 'unknown', from: 'none' };
}

const ofEpd = new WeakMap<EpdData, FamilyOf>();

/** A material's family by the built-in vocabulary, read once per EPD object (a named cache of a pure function). */
export function familyOfEpd(epd: EpdData, table: FamilyTable = MATERIAL_FAMILIES): FamilyOf {
  if (table !== MATERIAL_FAMILIES) return familyOf(epd, table);
  let f = ofEpd.get(epd);
  if (!f) {
    f = familyOf(epd, table);
    ofEpd.set(epd, f);
  }
  return f;
}

/** A family's name in the user's words ('unknown' too). */
export function familyLabel(id: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): Msg {
  if (id === 'unknown') return msg('unknown family');
  return table.families.find((f) => f.id === id)?.label ?? label(id);
}

/** Whether the same mass of another product of the family may stand for it (false: only volume, area or pieces). */
export function familyComparesByMass(id: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): boolean {
  return table.families.find((f) => f.id === id)?.byMass ?? true;
}

/** What to check in a like-for-like comparison within the family, or undefined. */
export function familyCheck(id: FamilyId, table: FamilyTable = MATERIAL_FAMILIES): Msg | undefined {
  return table.families.find((f) => f.id === id)?.check;
}

/** "structural concrete (from the classification OEKOBAU.DAT 1.4.01 Beton)": a family with where it was read. */
export function familyWords(f: FamilyOf, table: FamilyTable = MATERIAL_FAMILIES): Msg {
  const name = familyLabel(f.id, table);
  switch (f.from) {
    case 'tag':
      return msg('{0} (set by the tag {1})', name, f.by ?? '');
    case 'classification':
      return msg('{0} (from the classification {1})', name, f.by ?? '');
    case 'category':
      return msg('{0} (from the tag {1})', name, f.by ?? '');
    case 'name':
      return msg('{0} (from the word “{1}” of its name)', name, f.by ?? '');
    default:
      return msg('{0} (set one with a tag such as family:masonry)', name);
  }
}
