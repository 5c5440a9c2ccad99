// Turns Ajv's errors into short human sentences that name the property ("`declaredValue` must be a number > 0").
import type { ErrorObject } from 'ajv';
import { msg, type Msg, type MsgArg } from '../l10n';

interface Problem {
  pointer: string;
  message: Msg;
  keyword: string;
}

const TYPE_NAMES: Record<string, Msg> = {
  number: msg('a number'),
  integer: msg('a whole number'),
  string: msg('a string'),
  boolean: msg('true or false'),
  array: msg('an array'),
  object: msg('an object'),
  null: msg('null'),
};

const FORMAT_NAMES: Record<string, Msg> = {
  'date-time': msg('an ISO 8601 date-time such as 2030-12-31T00:00:00Z'),
  date: msg('a date such as 2026-03-01 (YYYY-MM-DD)'),
  email: msg('an e-mail address'),
};

/** Escapes a property name for a JSON pointer (RFC 6901). */
export function pointerSegment(name: string | number): string {
  return String(name).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer's segments, unescaped; numbers stay strings. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What a pointer points at, as a user would say it: "`declaredValue`", "item 3", "the document". */
export function subjectOf(pointer: string): Msg {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return msg('the document');
  const last = segments[segments.length - 1];
  return /^\d+$/.test(last) ? msg('item {0}', Number(last)) : msg('`{0}`', last);
}

function typeList(type: unknown): MsgArg {
  const types = Array.isArray(type) ? type : [type];
  const names: MsgArg[] = types.map((t) => TYPE_NAMES[String(t)] ?? String(t));
  return names.slice(1).reduce<MsgArg>((list, next) => msg('{0} or {1}', list, next), names[0] ?? '');
}

function listValues(values: readonly unknown[], descriptions: readonly unknown[] | undefined): string {
  const shown = values.slice(0, 40).map((v, i) => {
    const d = descriptions?.[i];
    return typeof d === 'string' && typeof v === 'number' ? `${v} (${d.split(':')[0]})` : JSON.stringify(v);
  });
  return shown.join(', ') + (values.length > shown.length ? ', …' : '');
}

const isInteger = (parent: Record<string, unknown>): boolean =>
  parent.type === 'integer' || (Array.isArray(parent.type) && parent.type.includes('integer'));

/** The problem one Ajv error describes. */
export function describeError(error: ErrorObject): Problem {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const pointer = error.instancePath;
  const subject = subjectOf(pointer);
  const at = (message: Msg, where = pointer): Problem => ({ pointer: where, message, keyword: error.keyword });
  const limit = String(params.limit);
  const int = isInteger(parent);
  switch (error.keyword) {
    case 'type':
      return at(msg('{0} must be {1}', subject, typeList(params.type)));
    case 'minimum':
      return at(int ? msg('{0} must be a whole number ≥ {1}', subject, limit) : msg('{0} must be a number ≥ {1}', subject, limit));
    case 'exclusiveMinimum':
      return at(int ? msg('{0} must be a whole number > {1}', subject, limit) : msg('{0} must be a number > {1}', subject, limit));
    case 'maximum':
      return at(int ? msg('{0} must be a whole number ≤ {1}', subject, limit) : msg('{0} must be a number ≤ {1}', subject, limit));
    case 'exclusiveMaximum':
      return at(int ? msg('{0} must be a whole number < {1}', subject, limit) : msg('{0} must be a number < {1}', subject, limit));
    case 'required':
      return at(msg('{0} is missing the required property `{1}`', subject, String(params.missingProperty)));
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return at(msg('unknown property `{0}` in {1}', name, subject), `${pointer}/${pointerSegment(name)}`);
    }
    case 'enum': {
      const allowed = listValues((params.allowedValues as unknown[]) ?? [], parent.enumDescriptions as unknown[] | undefined);
      const data = error.data;
      return at(
        typeof data === 'string' || typeof data === 'number'
          ? msg('{0} must be one of {1} (found {2})', subject, allowed, JSON.stringify(data))
          : msg('{0} must be one of {1}', subject, allowed),
      );
    }
    case 'const':
      return at(msg('{0} must be {1}', subject, JSON.stringify(params.allowedValue)));
    case 'format': {
      const known = FORMAT_NAMES[String(params.format)];
      return at(known ? msg('{0} must be {1}', subject, known) : msg('{0} must be in the format {1}', subject, String(params.format)));
    }
    case 'pattern': {
      const custom = parent.patternErrorMessage;
      // patternErrorMessage is written for VS Code as a sentence ("Must be a UUID …."); reuse it after the subject.
      // It comes from the schema file (English, the schema's own words).
      if (typeof custom === 'string') return at(msg('{0} {1}', subject, `${custom.charAt(0).toLowerCase()}${custom.slice(1).replace(/\.$/, '')}`));
      return at(msg('{0} must match the pattern {1}', subject, String(params.pattern)));
    }
    case 'minLength':
      return at(params.limit === 1 ? msg('{0} must not be empty', subject) : msg('{0} must have at least {1} characters', subject, limit));
    case 'maxLength':
      return at(msg('{0} must have at most {1} characters', subject, limit));
    case 'minItems':
      return at(params.limit === 1 ? msg('{0} must have at least 1 item', subject) : msg('{0} must have at least {1} items', subject, limit));
    case 'maxItems':
      return at(msg('{0} must have at most {1} items', subject, limit));
    case 'uniqueItems':
      return at(msg('{0} must not repeat a value (items {1} and {2} are equal)', subject, String(params.j), String(params.i)));
    default:
      // Ajv's own words for a keyword the schemas do not use today.
      return at(msg('{0} {1}', subject, error.message ?? 'is invalid'));
  }
}
