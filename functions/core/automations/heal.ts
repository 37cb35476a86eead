/**
 * Finding a learnt field again when none of its locators names it any more: the field's description goes
 * through element resolution (offline first; a configured model only when the offline resolver cannot place it,
 * which is when credits are spent), and the element found is read back as a field so its kind can be checked
 * and its new locators kept.
 */
import type { FieldLocators, FormField, WindowDriver } from '../../ports/window-driver.js';
import type { Budget } from '../operations/budget.js';
import { locate, type LocateDeps } from '../operations/locate.js';
import type { Issue } from '../shared/issues.js';

export type Healed = { found: true; field: FormField } | { found: false; issue: Issue };

export const healByDescription = async (
  deps: LocateDeps,
  driver: WindowDriver,
  description: string,
  intent: 'type' | 'click',
  budget: Budget,
  warnings: Issue[],
): Promise<Healed> => {
  const located = await locate(deps, driver, description, intent, budget);
  warnings.push(...located.warnings.filter((warning) => warning.code !== 'resolved_offline'));
  if (!located.found) return { found: false, issue: located.issue };
  const field = await driver.fieldAt(located.target, budget.signal);
  if (!field)
    return {
      found: false,
      issue: {
        code: 'element_stale',
        message: `the element found for "${description}" went away before it could be used`,
      },
    };
  return { found: true, field };
};

/** `id "email" → id "work-email"`: which locators changed, for the warning. */
export const locatorChanges = (before: FieldLocators, after: FieldLocators): string[] =>
  (['id', 'name', 'label', 'css'] as const)
    .filter((key) => before[key] !== after[key])
    .map(
      (key) =>
        `${key} ${before[key] === undefined ? '(none)' : JSON.stringify(before[key])} → ${after[key] === undefined ? '(none)' : JSON.stringify(after[key])}`,
    );

/** Only the primary locator (the first one the template had) going stale means the page changed under us. */
export const primaryChanged = (before: FieldLocators, after: FieldLocators): boolean => {
  const key = (['id', 'name', 'label', 'css'] as const).find((k) => before[k] !== undefined);
  return key !== undefined && before[key] !== after[key];
};
