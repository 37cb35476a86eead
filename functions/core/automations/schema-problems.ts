/**
 * Schema mismatches as validation error details: the JSON Schema port answers lines such as
 * `/steps/0/action must be string` (`(root)` for the value itself); the client reads where, under the part of
 * the body that was checked, in the dotted form the rest of the API's errors use.
 */
import type { ErrorDetail } from '../shared/errors.js';

/** `/steps/0/action` → `.steps[0].action`; `(root)` → nothing. */
const jsonPath = (pointer: string): string =>
  pointer === '(root)'
    ? ''
    : pointer
        .split('/')
        .filter(Boolean)
        .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
        .join('');

/** `body.configuration` and `/steps/0/action must be string` → `body.configuration.steps[0].action`: `must be string`. */
export const schemaProblemDetail = (under: string, problem: string): ErrorDetail => {
  const [pointer, ...rest] = problem.split(' ');
  return { location: `${under}${jsonPath(pointer)}`, message: rest.join(' ') };
};

/** Whether the mismatch concerns the checked value as a whole rather than one of its fields. */
export const isRootProblem = (problem: string): boolean => problem.split(' ')[0] === '(root)';
