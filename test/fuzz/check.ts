/** The rules every answer to a fuzzed request must keep; returns what it broke (empty when it kept them all). */
import type { Prediction } from './predict.js';

export interface Answer {
  statusCode: number;
  headers?: Record<string, unknown>;
  body?: unknown;
  json?: any;
}

const LOCATION = /^(body|query|path)(\.|$)/;

export const isValidUnbuilt501 = (answer: Answer, prediction: Prediction): boolean =>
  answer.statusCode === 501 &&
  answer.json?.code === 'not_implemented' &&
  prediction.route !== undefined &&
  prediction.route.handler === undefined &&
  prediction.parses &&
  prediction.authorized &&
  prediction.valid;

export const breaches = (answer: Answer, prediction: Prediction): string[] => {
  const out: string[] = [];
  const status = answer.statusCode;
  const reached = prediction.route !== undefined && prediction.parses && prediction.authorized;
  if (status >= 500 && !isValidUnbuilt501(answer, prediction)) out.push(`answered ${status}`);
  if (status < 400 && !(reached && prediction.valid))
    out.push(`answered ${status} to a request that should have been refused`);
  if (reached && !prediction.valid && status !== 422) out.push(`answered ${status} to invalid input, expected 422`);
  if (status >= 400) {
    const json = answer.json;
    if (json === undefined || json === null || typeof json !== 'object') out.push('error body is not JSON');
    else {
      for (const field of ['type', 'title', 'detail'] as const)
        if (typeof json[field] !== 'string') out.push(`problem.${field} missing`);
      if (json.status !== status) out.push(`problem.status ${json.status} differs from HTTP ${status}`);
      if (answer.headers?.['x-request-id'] !== json.requestId)
        out.push('x-request-id header differs from problem.requestId');
    }
    if (status === 422) {
      const errors: unknown = json?.errors;
      if (!Array.isArray(errors) || errors.length === 0) out.push('422 without errors[]');
      else {
        const bad = errors.filter(
          (error: { location?: unknown }) => typeof error.location !== 'string' || !LOCATION.test(error.location),
        );
        if (bad.length > 0)
          out.push(
            `422 error locations outside body/query/path: ${JSON.stringify(bad.map((error) => error.location))}`,
          );
      }
    }
  }
  return out;
};
