/**
 * Reads the route table's zod schemas, so the fuzzer reaches every field without a hand-written list: which fields
 * exist (nested too), what kind each is, and a plausible valid value to start mutating from.
 */
import type { z } from 'zod';
import type { Rng } from './prng.js';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string>;
  options?: z.ZodType[];
  element?: z.ZodType;
}

interface Bounds {
  minValue?: number | null;
  maxValue?: number | null;
  minLength?: number | null;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The schema a client's value meets first: wrappers removed, pipes followed to their input side (past a
 * preprocessing step, which takes any value, to the schema it hands the value on to).
 */
export const inputSide = (schema: z.ZodType): z.ZodType => {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = defOf(def.in).type === 'transform' && def.out ? def.out : def.in;
    else return current;
  }
};

export interface Field {
  /** Object keys, with `0` for an array element. */
  path: string[];
  kind: string;
  enumValues?: string[];
}

/** Every field reachable in a schema, nested objects, array elements and union members included. */
export const fieldsOf = (schema: z.ZodType, path: string[] = [], depth = 0): Field[] => {
  const inner = inputSide(schema);
  const def = defOf(inner);
  const here: Field[] =
    path.length > 0 ? [{ path, kind: def.type, enumValues: def.entries ? Object.values(def.entries) : undefined }] : [];
  if (depth > 6) return here;
  if (def.type === 'object' && def.shape) {
    return [
      ...here,
      ...Object.entries(def.shape).flatMap(([key, value]) => fieldsOf(value, [...path, key], depth + 1)),
    ];
  }
  if (def.type === 'array' && def.element) return [...here, ...fieldsOf(def.element, [...path, '0'], depth + 1)];
  if (def.type === 'union' && def.options) {
    return [
      ...here,
      ...def.options
        .flatMap((option) => fieldsOf(option, path, depth + 1))
        .filter((field) => field.path.length > path.length),
    ];
  }
  return here;
};

/** Valid-looking strings for fields whose format a plain `x` would not meet. */
const STRING_HINTS: Record<string, string> = {
  url: 'https://example.com/',
  screenResolution: '1280x720',
  profileName: 'profile-1',
  fileName: 'report.pdf',
  id: 'file_1',
  xAxis: '100px',
  yAxis: '-50%',
  offset: '0',
  limit: '10',
  lastEventId: '3',
};

/** A plausible valid value: required keys always, optional ones sometimes. Best effort; the caller predicts validity. */
export const sampleOf = (schema: z.ZodType, rng: Rng, name = ''): unknown => {
  const inner = inputSide(schema);
  const def = defOf(inner);
  const bounds = inner as unknown as Bounds;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        if (defOf(value).type !== 'optional' || rng.chance(0.3)) out[key] = sampleOf(value, rng, key);
      }
      return out;
    }
    case 'string':
      return STRING_HINTS[name] ?? 'x'.repeat(Math.max(1, bounds.minLength ?? 1));
    case 'number':
      return Math.min(Math.max(1, bounds.minValue ?? 1), bounds.maxValue ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return rng.chance(0.5);
    case 'enum':
      return rng.pick(Object.values(def.entries ?? { x: 'x' }));
    case 'array':
      return rng.chance(0.5) || !def.element ? [] : [sampleOf(def.element, rng, name)];
    case 'record':
      return rng.chance(0.5) ? {} : { key: 'value' };
    case 'union':
      return sampleOf(rng.pick(def.options ?? []), rng, name);
    default:
      return 'x';
  }
};
