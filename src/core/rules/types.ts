// Shapes shared by the semantic rules: diagnostics with ranges and fixes, findings by path, and what a resolver returns.
import type { CodeTable } from '../codeTable';
import type { Msg } from '../l10n';
import type { DocumentKind, JsonPath, TextEdit } from '../document';
import type { DeclaredUnitInfo } from '../units';
import type { SchemaProblem } from '../schemas/kinds';

export type Severity = 'error' | 'warning' | 'info';

export type RuleId =
  | 'module-duplicate'
  | 'module-missing'
  | 'indicator-duplicate'
  | 'indicator-unit'
  | 'gwp-sum'
  | 'pert-sum'
  | 'penrt-sum'
  | 'epd-expired'
  | 'material-duplicate'
  | 'lifespan-not-positive'
  | 'percentage-range'
  | 'epd-unresolved'
  /** A component names a workspace material by its originalUUID whose file is not on the service yet (information). */
  | 'epd-waits'
  | 'unit-conversion'
  | 'code-unknown'
  | 'code-wrong-kind'
  /** A unit written as a text ("m3") where the schema wants the unit's code. */
  | 'unit-text'
  /** A material whose results are still the New Material template's: every value 0, or no A1-A3 result. */
  | 'results-template'
  /** A problem of the JSON Schema (the service refuses the document). */
  | 'schema';


export interface RuleFix {
  /** What the fix does, as data (phrased by the editor layer). */
  title: Msg;
  edits: TextEdit[];
}

/** A semantic problem at an exact range of the text. */
export interface RuleDiagnostic {
  ruleId: RuleId;
  severity: Severity;
  /** What is wrong, as data: an English template and its arguments, phrased by the editor layer. */
  message: Msg;
  /** Range of the offending node (the property's value, or its key where the value is not the point). */
  offset: number;
  length: number;
  /** Where the problem is, e.g. [3, 'lciaResults', 0, 'moduleTypeEnum']. */
  path: JsonPath;
  /** The clear fix, when there is one (an editor may apply it as the preferred fix). */
  fix?: RuleFix;
  /** Further fixes to offer, never preferred (e.g. candidate materials for an unknown epdId). */
  moreFixes?: RuleFix[];
}

/** What a fix does, by path; turned into text edits only when the text is at hand. */
export type FixPlan =
  | { kind: 'replaceValue'; title: Msg; path: JsonPath; value: unknown }
  | { kind: 'appendItems'; title: Msg; path: JsonPath; items: unknown[] };

/** A semantic problem by path, found on the parsed value (fast: no syntax tree). */
export interface RuleFinding {
  ruleId: RuleId;
  severity: Severity;
  message: Msg;
  path: JsonPath;
  /** 'key' marks the property name instead of its value (e.g. `lciaResults` when modules are missing). */
  target: 'value' | 'key';
  fixes?: FixPlan[];
  /**
   * The fixes are candidates to choose from, none of them the clear fix (e.g. other materials for an unknown epdId):
   * they all become `moreFixes`, so that no editor marks one preferred and auto-fix never picks one.
   */
  fixesAreCandidates?: boolean;
  /**
   * The finding says what a JSON Schema constraint at the same path says (e.g. a lifespan below one year), in words
   * that help more: the schema problem there is left out, so that the value is reported once.
   */
  restatesSchema?: boolean;
}


/** A material known to the workspace, cache or service, as the construction rules need it. */
export interface MaterialInfo {
  id: string;
  name: string;
  declaredUnit: DeclaredUnitInfo;
  /**
   * The epdId is the originalUUID of a workspace material that is not on the service yet (e.g. a construction written
   * by an LCAx import): it computes with the file's figures and waits for the material to be pushed or bulk-created.
   */
  waitsForPush?: boolean;
}

/**
 * Looks up a construction component's `epdId`: the material, `undefined` when it is known not to exist anywhere,
 * or 'unknown' when that cannot be told now (e.g. the service is not reachable); 'unknown' gives no diagnostic.
 */
export type EpdResolver = (epdId: string) => MaterialInfo | undefined | 'unknown';

/** What the rules read besides the value: the time EPD validity is compared with and the environment's code table. */
export interface RuleContext {
  now: number;
  codes: CodeTable;
}

/** Problems of a parsed value against the JSON Schema of its kind (core/schemas `validateAgainst`); [] = valid. */
export type SchemaValidator = (kind: DocumentKind, value: unknown) => SchemaProblem[];

/** What an analysis needs besides the text: all of it passed in, nothing read from the editor or a module's state. */
export interface AnalyzeOptions {
  /** The environment's code table the codes are checked against and the rules ask for labels and units. */
  codes: CodeTable;
  /** The schema check (core/schemas `validateAgainst`, loaded on first use). */
  validate: SchemaValidator;
  /** Which document; by default taken from the file name, else from the text's shape. */
  kind?: DocumentKind;
  fileName?: string;
  /** Time the EPD validity is compared with; default: the time of the analysis. */
  now?: Date;
  /** Resolves construction components' epdIds; without it the epdId and conversion rules are skipped. */
  resolveEpd?: EpdResolver;
  /**
   * Materials that could be offered in place of an unknown epdId (offered as choices, never as the preferred fix); the
   * rules rank them (`nearestMaterials`) and offer the nearest few.
   */
  suggestEpds?: (epdId: string) => readonly MaterialInfo[];
  /**
   * For an epdId that resolves nowhere but that the workspace knows as created by another sign-in: that sign-in's
   * login, so that the finding says whose it is rather than that nobody knows it.
   */
  ownerOfUnreadable?: (epdId: string) => string | undefined;
  /**
   * Keep what a later edit needs to re-check only the items it touched (a bulk file open in the editor): the
   * analysis can then be given to `analyze` again with the edit's changes. Its findings come in item order.
   */
  incremental?: boolean;
  /** Only what blocks sending: the rules' errors, not their warnings (a check before sending places nothing else). */
  errorsOnly?: boolean;
  /** The value of the text when the caller has parsed it already (the text is then plain JSON). */
  value?: unknown;
  /**
   * The text is item `item` of a materials file on its own (a file read item by item): its findings' paths start with
   * `item`, placed in this text; its schema problems are those of an item of a materials file.
   */
  item?: number;
}
