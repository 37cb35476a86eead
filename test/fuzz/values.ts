/** Pools of hostile values: for JSON fields, query values, path segments, raw bodies and Authorization headers. */
import type { Rng } from './prng.js';

const LONG = 'a'.repeat(100_000);

/** An object or array nested `depth` levels deep. Kept under the depth the service is known to fail at. */
export const nested = (depth: number, kind: 'object' | 'array'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
};

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f\r\n\t',
  '\u202e\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  'Ω≈ç√∫ 漢字 العربية',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '<script>alert(1)</script>',
  "'; DROP TABLE x;--",
  '../../etc/passwd',
  '%00%zz%',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, sent as literal text.
  '${jndi:ldap://x}',
  '__proto__',
];

/** A value of the wrong type, size or shape for a JSON field of the given kind. */
export const badJsonValue = (rng: Rng, field: { kind: string; enumValues?: string[] }): unknown => {
  if (field.enumValues && rng.chance(0.4)) {
    const known = rng.pick(field.enumValues);
    return rng.pick([
      'UNKNOWN',
      known.toUpperCase(),
      `${known} `,
      ` ${known}`,
      `${known}\u0000`,
      known.slice(0, -1),
      0,
      [known],
    ]);
  }
  return rng.pick<() => unknown>([
    () => '1',
    () => '1.5',
    () => '-1',
    () => 'true',
    () => 'null',
    () => ({}),
    () => ({ a: 1 }),
    () => [],
    () => [1, 'a', null, {}],
    () => true,
    () => false,
    () => 1.5,
    () => -1,
    () => -0,
    () => 0,
    () => 1e308,
    () => -1e308,
    () => 2 ** 53,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => 1e21,
    () => 0.1 + 0.2,
    () => LONG,
    () => '😀'.repeat(rng.int(1, 30_000)),
    () => rng.pick(ODD_STRINGS),
    () => ({ a: null, b: [null, { c: null }], d: { e: { f: null } } }),
    () => [null, null],
    () => null,
    () => nested(rng.int(10, 1000), rng.chance(0.5) ? 'object' : 'array'),
    () => Array.from({ length: rng.int(101, 2000) }, () => 'x'),
    () => ({ __proto__x: 1, constructor: { prototype: { polluted: true } } }),
  ])();
};

/** A query value: text only, but of every wrong sort. `raw` values are put in the URL without encoding. */
export const badQueryValue = (rng: Rng, enumValues?: string[]): { values: string[]; raw?: boolean } => {
  if (enumValues && rng.chance(0.3))
    return { values: [rng.pick(['UNKNOWN', `${rng.pick(enumValues)}x`, rng.pick(enumValues).toUpperCase(), ''])] };
  return rng.pick<() => { values: string[]; raw?: boolean }>([
    () => ({
      values: [
        rng.pick([
          'abc',
          '1.5',
          '-1',
          '-2',
          '1e3',
          '0x10',
          '',
          ' ',
          '+1',
          '01',
          'NaN',
          'Infinity',
          'TRUE',
          'yes',
          '1,2',
        ]),
      ],
    }),
    () => ({ values: ['9'.repeat(rng.int(16, 40))] }),
    () => ({
      values: [rng.pick(['%zz', '%', '%E0%A4%A', '%00', '%ED%A0%80', '%2e%2e%2f', '+%2B+', '&&', '=='])],
      raw: true,
    }),
    () => ({ values: [rng.pick(ODD_STRINGS)] }),
    () => ({ values: ['x'.repeat(rng.int(257, 100_000))] }),
    () => ({ values: ['😀'.repeat(rng.int(1, 200))] }),
    () => ({ values: [Array.from({ length: 101 }, (_, i) => `id${i}`).join(',')] }),
    () => ({ values: [','.repeat(rng.int(1, 50))] }),
    () => ({ values: Array.from({ length: rng.int(2, 150) }, (_, i) => (i % 2 === 0 ? '1' : 'x')) }),
    () => ({ values: ['1', '2'] }),
  ])();
};

/** A path segment put into the URL as is (already encoded, or deliberately broken). */
export const badPathSegment = (rng: Rng): string =>
  rng.pick<() => string>([
    () => 'a'.repeat(129),
    () => 'a'.repeat(rng.int(1000, 10_000)),
    () => rng.pick(['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%%%', '%2', '%u0041']),
    () => rng.pick(['..', '.', '%2e%2e', '%2E', '..%2F..%2F', 'a%2Fb', '%2F']),
    () => rng.pick(['%00', '%0A', '%0D%0A', '%20', '%7F', '%C0%AF']),
    () => encodeURIComponent(rng.pick(ODD_STRINGS.filter((s) => !/[\ud800-\udfff](?![\udc00-\udfff])/.test(s)))),
    () => encodeURIComponent('😀'.repeat(rng.int(1, 200))),
    () => '',
    () => rng.pick(['{id}', '*', '$', ';', ',', "'", '"', '<>']),
  ])();

/** A body that is not JSON, or JSON of the wrong sort at the root. `valid` is a well-formed body to truncate. */
export const garbageBody = (rng: Rng, valid: string): string =>
  rng.pick<() => string>([
    () => valid.slice(0, rng.int(1, Math.max(1, valid.length - 1))),
    () => Array.from({ length: rng.int(1, 300) }, () => String.fromCharCode(rng.int(0, 0xffff))).join(''),
    () => Buffer.from(Array.from({ length: rng.int(1, 300) }, () => rng.int(0, 255))).toString('latin1'),
    () =>
      rng.pick([
        '[]',
        '"str"',
        'null',
        '1e999',
        '-1e999',
        'NaN',
        'Infinity',
        'undefined',
        '{',
        '}',
        '{"a":}',
        // One leading byte order mark is allowed (RFC 8259); a second one is not JSON.
        '\ufeff\ufeff{}',
        '{"a":1,}',
        "{'a':1}",
        '   ',
        'true',
        '0',
        '-0',
        '{}{}',
        '{"a":1,"a":2}',
        '\u0000',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '[[[[[',
        ']]]]',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{}}}',
        '[1,2,3]',
        '"\\u0000"',
        '0x10',
        '01',
        '.5',
        '{"a":1}garbage',
      ]),
    () => `1${'0'.repeat(rng.int(300, 5000))}`,
    () => JSON.stringify('x'.repeat(rng.int(1000, 200_000))),
    () => JSON.stringify(Array.from({ length: rng.int(1000, 50_000) }, (_, i) => i)),
  ])();

/** An Authorization header (or none) that does not carry the key, or does in a way that should still work. */
export const authHeader = (rng: Rng, key: string): string | string[] | undefined =>
  rng.pick<() => string | string[] | undefined>([
    () => undefined,
    () => '',
    () => 'Bearer',
    () => 'Bearer ',
    () => `Basic ${Buffer.from(`user:${key}`).toString('base64')}`,
    () => `Token ${key}`,
    () => key,
    () => `Bearer ${key} extra`,
    () => `Bearer ${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`,
    () => `Bearer ${'a'.repeat(rng.int(513, 100_000))}`,
    () => `Bearer ${'shk_'.padEnd(19, 'a')}`,
    () => `Bearer ${key}\u0000`,
    () => `Bearer ${'😀'.repeat(20)}`,
    () => `Bearer ${encodeURIComponent(key)}%00`,
    () => [`Bearer ${key}`, 'Bearer wrong-key-that-is-long-enough'],
    () => ['Bearer wrong-key-that-is-long-enough', `Bearer ${key}`],
    () => `bEaReR ${key}`,
    () => `Bearer\t${key}`,
  ])();
