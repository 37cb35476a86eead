/**
 * The type operation: with a description, locate the element and focus it by clicking; without one, type into
 * whatever has focus. Then clear (when asked), type, and press Enter, then Tab (when asked, in that order).
 */
import type { ElementTarget, SnapshotElement } from '../../ports/page-snapshot.js';
import type { Issue } from '../shared/issues.js';
import { actionResult, navigationWait, unappliedOptions, type InteractionConfiguration } from './interaction.js';
import { describeElement, locate, type LocateDeps } from './locate.js';
import { failed, type OperationResult } from './result.js';
import { runWindowOperation, type OperationLimits } from './run.js';

export interface TypeBody extends OperationLimits {
  text: string;
  elementDescription?: string;
  clearInputField?: boolean;
  pressEnterKey?: boolean;
  pressTabKey?: boolean;
  waitForNavigation?: boolean;
  configuration?: InteractionConfiguration;
}

/** `Typed 12 characters into the textbox "Email", after clearing it, then pressed Enter and Tab`. */
const summary = (body: TypeBody, element: SnapshotElement | undefined): string => {
  const count = [...body.text].length;
  const into = element ? `the ${describeElement(element)}` : 'the focused element';
  const keys = [body.pressEnterKey && 'Enter', body.pressTabKey && 'Tab'].filter(Boolean).join(' and ');
  return `Typed ${count} character${count === 1 ? '' : 's'} into ${into}${body.clearInputField ? ', after clearing it' : ''}${keys ? `, then pressed ${keys}` : ''}`;
};

export const typeText = (
  deps: LocateDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  body: TypeBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const warnings: Issue[] = unappliedOptions(body.configuration, body.waitForNavigation);
    let element: SnapshotElement | undefined;
    let elementTarget: ElementTarget | undefined;
    if (body.elementDescription !== undefined) {
      const located = await locate(deps, driver, body.elementDescription, 'type', budget);
      warnings.push(...located.warnings);
      if (!located.found) return failed(located.issue, { warnings, credits: budget.credits });
      element = located.element;
      elementTarget = located.target;
    }
    const outcome = await driver.type(
      {
        target: elementTarget,
        text: body.text,
        clear: body.clearInputField,
        pressEnter: body.pressEnterKey,
        pressTab: body.pressTabKey,
        waitForNavigation: navigationWait(body.waitForNavigation, body.configuration),
      },
      budget.signal,
    );
    return actionResult(
      outcome,
      summary(body, element),
      `type into the ${element ? describeElement(element) : 'focused element'}`,
      warnings,
      budget.credits,
    );
  });
