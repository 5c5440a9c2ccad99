// Hostile and malformed inputs for the abuse suite (fast-check arbitraries), and a counter of how many were tried.
import fc from 'fast-check';

/** Every generated input that reaches the service or the validator is counted here; the suite asserts a floor. */
export const counted = { service: 0, validation: 0 };

/** Script and markup injection probes, as a service string or a file value would carry them. */
export const XSS_STRINGS = [
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{a|x}{@html}',
  '<!--',
  '\u202e\u0000\ufeff',
];

/** Ids meant to climb out of a path or confuse a decoder. */
export const PATH_IDS = [
  '..',
  '../',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%2e%2e%2f',
  '%2e%2e%2f%2e%2e%2fstate.json',
  '%252e%252e%252f',
  '..\\..\\windows',
  '%00',
  '%E0%A4%A',
  '%',
  '%zz',
  '%c0%ae%c0%ae/',
  'æøå-Ærø',
  '💥🏗️',
  'ｆｕｌｌｗｉｄｔｈ',
  '\u0000',
  'a'.repeat(8000),
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '*',
];

/** Numbers JSON can carry that code tends to forget: huge, tiny, negative zero, unsafe integers. */
export const HOSTILE_NUMBERS = [0, -0, -1, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, -(2 ** 31), 0.1 + 0.2, 1e21];

/** Number tokens JSON.parse turns into Infinity or that are not JSON at all (sent as raw text). */
export const RAW_NUMBER_TOKENS = ['1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '0x10', '01', '1.', '.5', '+1', '1e', '--1'];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...XSS_STRINGS, ...PATH_IDS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value of any JSON type, biased to hostile strings and numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small', withCrossShrink: true },
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileNumber, { maxKeys: 4 }),
);

/** A JSON value whose objects may carry prototype-polluting keys. */
export const randomJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', '$schema', 'toString', 'hasOwnProperty'), hostileValue, { minKeys: 1, maxKeys: 3 }),
  hostileValue,
);

/** JSON text of a value; `__proto__` keys are written as own properties (JSON.stringify would keep them too). */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** A valid body with one property (at any depth) replaced by a hostile value of some other shape. */
export function mutateOne(base: unknown): fc.Arbitrary<{ path: (string | number)[]; value: unknown; body: unknown }> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, at: (string | number)[]): void => {
    if (at.length) paths.push(at);
    if (Array.isArray(v)) v.slice(0, 3).forEach((x, i) => walk(x, [...at, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
  };
  walk(base, []);
  if (!paths.length) return fc.constant({ path: [], value: null, body: base });
  return fc.record({ path: fc.constantFrom(...paths), value: hostileValue }).map(({ path, value }) => {
    const body = structuredClone(base) as Record<string | number, unknown>;
    let at: Record<string | number, unknown> = body;
    for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
    at[path[path.length - 1]] = value;
    return { path, value, body };
  });
}

/** JSON text broken in one of the ways people (and truncated uploads) break it. */
export function malformedJson(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: Math.max(0, valid.length - 2) }).map((n) => valid.slice(0, n + 1)),
    fc.record({ at: fc.nat({ max: valid.length }), junk: fc.constantFrom(',', '}', ']', '"', ':', '\\', '\u0000', '/*', '//', 'NaN', "'") }).map(
      ({ at, junk }) => valid.slice(0, at) + junk + valid.slice(at),
    ),
    fc.constantFrom(
      '{',
      '}',
      '{"a":}',
      "{'a': 1}",
      '{"a": 1,}',
      '[1, 2,]',
      '{"a": 1} trailing',
      '\ufeff{}',
      '{"a": undefined}',
      '{"a": NaN}',
      '{"a": Infinity}',
      '{"a": 1e400}',
      '{"a" 1}',
      '["\\ud800"]',
      '"unterminated',
      '<?xml version="1.0"?><a/>',
      '<html><body>not json</body></html>',
      'null',
      'true',
      '0',
      '""',
      ' ',
      '[]',
    ),
  );
}

/** `[[[…]]]` or `{"a":{"a":…}}` `depth` levels deep, closed or cut off. */
export function deepText(depth: number, kind: 'array' | 'object', closed: boolean): string {
  const open = kind === 'array' ? '[' : '{"a":';
  const close = kind === 'array' ? ']' : '}';
  return open.repeat(depth) + (kind === 'array' ? '' : '1') + (closed ? close.repeat(depth) : '');
}
