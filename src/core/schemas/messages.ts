// Turns Ajv's errors into short human sentences that name the property ("`declaredValue` must be a number > 0").
import type { ErrorObject } from 'ajv';

interface Problem {
  pointer: string;
  message: string;
  keyword: string;
}

const TYPE_NAMES: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'a string',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  'date-time': 'an ISO 8601 date-time such as 2030-12-31T00:00:00Z',
  date: 'a date such as 2026-03-01 (YYYY-MM-DD)',
  email: 'an e-mail address',
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
export function subjectOf(pointer: string): string {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return 'the document';
  const last = segments[segments.length - 1];
  return /^\d+$/.test(last) ? `item ${last}` : `\`${last}\``;
}

function typeList(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
}

function listValues(values: readonly unknown[], descriptions: readonly unknown[] | undefined): string {
  const shown = values.slice(0, 40).map((v, i) => {
    const d = descriptions?.[i];
    return typeof d === 'string' && typeof v === 'number' ? `${v} (${d.split(':')[0]})` : JSON.stringify(v);
  });
  return shown.join(', ') + (values.length > shown.length ? ', …' : '');
}

function found(data: unknown): string {
  return typeof data === 'string' || typeof data === 'number' ? ` (found ${JSON.stringify(data)})` : '';
}

function numberPhrase(parent: Record<string, unknown>): string {
  return parent.type === 'integer' || (Array.isArray(parent.type) && parent.type.includes('integer')) ? 'a whole number' : 'a number';
}

/** The problem one Ajv error describes. */
export function describeError(error: ErrorObject): Problem {
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const pointer = error.instancePath;
  const subject = subjectOf(pointer);
  const at = (message: string, where = pointer): Problem => ({ pointer: where, message, keyword: error.keyword });
  switch (error.keyword) {
    case 'type':
      return at(`${subject} must be ${typeList(params.type)}`);
    case 'minimum':
      return at(`${subject} must be ${numberPhrase(parent)} ≥ ${String(params.limit)}`);
    case 'exclusiveMinimum':
      return at(`${subject} must be ${numberPhrase(parent)} > ${String(params.limit)}`);
    case 'maximum':
      return at(`${subject} must be ${numberPhrase(parent)} ≤ ${String(params.limit)}`);
    case 'exclusiveMaximum':
      return at(`${subject} must be ${numberPhrase(parent)} < ${String(params.limit)}`);
    case 'required':
      return at(`${subject} is missing the required property \`${String(params.missingProperty)}\``);
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return at(`unknown property \`${name}\` in ${subject === 'the document' ? 'the document' : subject}`, `${pointer}/${pointerSegment(name)}`);
    }
    case 'enum':
      return at(
        `${subject} must be one of ${listValues((params.allowedValues as unknown[]) ?? [], parent.enumDescriptions as unknown[] | undefined)}` +
          found(error.data),
      );
    case 'const':
      return at(`${subject} must be ${JSON.stringify(params.allowedValue)}`);
    case 'format':
      return at(`${subject} must be ${FORMAT_NAMES[String(params.format)] ?? `in the format ${String(params.format)}`}`);
    case 'pattern': {
      const custom = parent.patternErrorMessage;
      // patternErrorMessage is written for VS Code as a sentence ("Must be a UUID …."); reuse it after the subject.
      if (typeof custom === 'string') return at(`${subject} ${custom.charAt(0).toLowerCase()}${custom.slice(1).replace(/\.$/, '')}`);
      return at(`${subject} must match the pattern ${String(params.pattern)}`);
    }
    case 'minLength':
      return at(params.limit === 1 ? `${subject} must not be empty` : `${subject} must have at least ${String(params.limit)} characters`);
    case 'maxLength':
      return at(`${subject} must have at most ${String(params.limit)} characters`);
    case 'minItems':
      return at(`${subject} must have at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`);
    case 'maxItems':
      return at(`${subject} must have at most ${String(params.limit)} items`);
    case 'uniqueItems':
      return at(`${subject} must not repeat a value (items ${String(params.j)} and ${String(params.i)} are equal)`);
    default:
      return at(`${subject} ${error.message ?? 'is invalid'}`);
  }
}
