// The vocabulary of material families: what job a material does in a building (structural concrete, masonry, mineral
// insulation …), as data with its sources, row by row in docs/material-families.md (like the BR18 rule table), with
// the job of a line beside it (jobTable.ts: the building parts, the forms within a family, the roles, the default
// thermal conductivities). Reading a material's family from it: families.ts; its job: jobs.ts.
import { msg, type Msg } from './l10n';
import { BUILDING_PARTS, FAMILY_FORMS, LAMBDA_DEFAULTS, type BuildingPart, type FamilyForm, type LambdaDefault, type PerformanceBasis, type RoleId } from './jobTable';

export { BUILDING_PARTS, PART_IDS, ROLE_IDS, ROLE_LABELS, type BuildingPart, type FamilyForm, type LambdaDefault, type PartId, type PerformanceBasis, type RoleId } from './jobTable';

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
  /** The role its products play in a building part (a form may say another). */
  readonly role?: RoleId;
  /**
   * Families that do one job across raw materials share a job (thermal insulation: mineral, bio-based, plastic): a
   * candidate of any of them does the job. Undefined: the family is its own job.
   */
  readonly job?: string;
  /** Its forms (jobTable.ts): a candidate does the job only in a form that stands for the current one's. */
  readonly forms?: readonly FamilyForm[];
  /** The form of a product whose name tells none (insulation: boards and batts). */
  readonly defaultForm?: string;
  /** What equal performance is judged by (a form may say another); undefined: the family's `check` stays open. */
  readonly basis?: PerformanceBasis;
}

export interface FamilyTable {
  readonly families: readonly MaterialFamily[];
  /** The building parts a line's classification or a construction's name tells. */
  readonly parts: readonly BuildingPart[];
  /** The stated thermal conductivity per product type. */
  readonly lambdas: readonly LambdaDefault[];
}

/** The built-in vocabulary. Row by row with its sources: docs/material-families.md. */
export const MATERIAL_FAMILIES: FamilyTable = {
  parts: BUILDING_PARTS,
  lambdas: LAMBDA_DEFAULTS,
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
      role: 'load-bearing', forms: FAMILY_FORMS['structural-concrete'],
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
      role: 'load-bearing', forms: FAMILY_FORMS.masonry,
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
      role: 'load-bearing',
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
      role: 'cladding',
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
      role: 'insulation', job: 'thermal-insulation', forms: FAMILY_FORMS['mineral-insulation'], defaultForm: 'boards-batts', basis: { kind: 'lambda' },
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
      role: 'insulation', job: 'thermal-insulation', forms: FAMILY_FORMS['bio-insulation'], defaultForm: 'boards-batts', basis: { kind: 'lambda' },
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
      role: 'insulation', job: 'thermal-insulation', forms: FAMILY_FORMS['plastic-insulation'], defaultForm: 'boards-batts', basis: { kind: 'lambda' },
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
      role: 'load-bearing',
    },
    {
      id: 'reinforcement',
      label: msg('reinforcement steel'),
      words: ['armering*', 'armeringsnet', 'armeringsstål', 'bewehrungsstahl', 'betonstahl', 'rebar', 'reinforcement', 'reinforcement steel', 'reinforcing steel'],
      classes: [],
      check: msg('check the steel grade and the bar or mesh the design needs: reinforcement is dimensioned, not swapped by weight'),
      source: 'T7, SEED',
      role: 'load-bearing',
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
      role: 'glazing', forms: FAMILY_FORMS['glass-windows'],
    },
    {
      id: 'sun-shading',
      label: msg('sun shading and shutters'),
      words: ['solafskærmning*', 'rulleskodder', 'markise*', 'sonnenschutz*', 'rollladen', 'sun shading', 'shutter*', 'blinds', 'awning*'],
      classes: [],
      check: msg('check the shading factor and the area covered: another screen does not shade the same'),
      byMass: false,
      source: 'T7, OBD',
      role: 'cladding',
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
      role: 'covering',
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
      role: 'membrane',
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
      role: 'covering',
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
      role: 'mortar', forms: FAMILY_FORMS['mortar-render'],
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
      role: 'covering',
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
      role: 'covering',
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
      role: 'fill',
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
      role: 'installation',
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
