/**
 * Building blocks shared by every wire schema. Request schemas are lenient where the official client is (unknown
 * keys are stripped; `null` is removed before validation, so it means absent) and strict where the contract is
 * (`long` means an integer, enums are closed).
 */
import { z } from 'zod';
import { isPageUrl, PAGE_URL_RULE } from '../../net/page-urls.js';

/** A JSON `long`: integers only, within the safe range. */
export const long = () => z.int();

export const isoDate = () => z.iso.datetime({ offset: true });

/** An id in a path: bounded so a huge segment is a 422, not work. */
export const pathId = (what: string) => z.string().min(1).max(128).describe(`Id of the ${what}.`);

/** A URL the service will navigate to or call. Scheme and address policy are checked later, in core. */
export const urlString = () =>
  z
    .string()
    .min(1)
    .max(8192)
    .refine((value) => URL.canParse(value), { message: 'must be an absolute URL' });

/** A URL a window is pointed at: web pages only (see page-urls for why). */
export const pageUrlString = () => urlString().refine(isPageUrl, { message: PAGE_URL_RULE });

// Query strings carry text only; these parse it strictly, so `limit=abc` or `limit=1.5` is a 422, not a NaN.
export const queryInt = () =>
  z
    .string()
    .regex(/^-?\d{1,16}$/, { message: 'must be an integer' })
    .transform(Number)
    .refine(Number.isSafeInteger, { message: 'must be a safe integer' });

export const queryBool = () => z.enum(['true', 'false']).transform((value) => value === 'true');

/** A list in the query: repeated keys (`a=1&a=2`), comma-separated (`a=1,2`), or both. */
export const queryList = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter((part) => part.length > 0),
    )
    .pipe(z.array(z.string().max(256)).max(100));

export const Issue = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'Issue', description: 'An error or warning inside a success envelope, or why an operation fell short.' });
export type Issue = z.infer<typeof Issue>;

export const EnvelopeDefaultMeta = z.object({ requestId: z.string().optional() });

/** `{ data, meta, errors?, warnings? }`, the shape of every typed success response. */
export const envelope = <D extends z.ZodType, M extends z.ZodType = typeof EnvelopeDefaultMeta>(data: D, meta?: M) =>
  z.object({
    data,
    meta: (meta ?? EnvelopeDefaultMeta) as M,
    errors: z.array(Issue).optional(),
    warnings: z.array(Issue).optional(),
  });

export const OperationOutcome = z.object({ success: z.boolean() });

export const Pagination = z
  .object({
    currentLimit: long(),
    currentPage: long(),
    finalCount: long(),
    hasMore: z.boolean(),
    initialCount: long(),
    nextOffset: long(),
    numberOfPages: long(),
    totalItems: long(),
  })
  .meta({
    id: 'Pagination',
    description: 'Where a page of an offset-paged list sits: pass `nextOffset` back as `offset` for the next page.',
  });
export type Pagination = z.infer<typeof Pagination>;

/** The problem shape every error response carries (RFC 9457 fields plus `errors[]`). */
export const ErrorDetail = z.object({
  location: z.string().optional(),
  message: z.string().optional(),
  value: z.unknown().optional(),
});
export const Problem = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  status: long().optional(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(ErrorDetail).optional(),
  code: z.string().optional(),
  requestId: z.string().optional(),
});

/** Fields every AI operation accepts. */
export const aiCommon = {
  clientRequestId: z.string().max(256).optional(),
  costThresholdCredits: long().min(0).optional(),
  timeThresholdSeconds: long().min(0).optional(),
};

/**
 * The most a free-form map may hold, as JSON. What it carries is stored (an automation's configuration becomes its
 * template and schema; an async request keeps its body beside its result) in records of at most 400 KB.
 */
export const OPEN_MAP_MAX_BYTES = 128 * 1024;

/**
 * An object that may carry anything (the contract's `Record<string, unknown>`), up to OPEN_MAP_MAX_BYTES. Its keys
 * are the caller's data, and the record parser drops a `__proto__` key without a word, so one is refused naming it.
 */
export const openMap = () =>
  z.preprocess(
    (value, context) => {
      if (value !== null && typeof value === 'object' && Object.hasOwn(value, '__proto__'))
        context.addIssue({
          code: 'custom',
          message: 'is not accepted as a key: name it otherwise',
          path: ['__proto__'],
        });
      return value;
    },
    z
      .record(z.string(), z.unknown())
      .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= OPEN_MAP_MAX_BYTES, {
        message: `holds more than ${OPEN_MAP_MAX_BYTES} bytes as JSON`,
      }),
  );

export const AsyncConfig = z.object({ webhookUrl: urlString().optional() });
