/** The org's automations: read, describe, delete. */
import { call } from '../api.js';
import { h, message } from '../dom.js';
import type { Page, Usage } from './types.js';

interface Automation {
  id: string;
  domainName: string;
  description?: string;
}

const card = (automation: Automation, orgId: string, onDeleted: () => void): HTMLElement => {
  const fieldId = `description-${automation.id}`;
  const field = h('textarea', { id: fieldId, rows: 2, maxlength: 10000 });
  field.value = automation.description ?? '';
  const status = h('div', { 'aria-live': 'polite' });
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await call('PUT', '/v1/automations/description', { id: automation.id, orgId, description: field.value });
      status.replaceChildren(message('Saved.'));
    } catch (error) {
      status.replaceChildren(message(`Not saved: ${(error as Error).message}`, 'error'));
    }
  };
  const remove = async () => {
    if (!confirm(`Delete the automation for ${automation.domainName}? This cannot be undone.`)) return;
    try {
      await call('DELETE', `/v1/automations/${encodeURIComponent(automation.id)}`);
      onDeleted();
    } catch (error) {
      status.replaceChildren(message(`Not deleted: ${(error as Error).message}`, 'error'));
    }
  };
  return h(
    'li',
    { class: 'card' },
    h('h2', {}, automation.domainName, ' ', h('span', { class: 'mono help' }, automation.id)),
    h(
      'form',
      { onsubmit: save },
      h('label', { for: fieldId }, 'Description'),
      field,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit' }, 'Save description'),
        h('button', { type: 'button', class: 'danger', onclick: remove }, 'Delete'),
      ),
    ),
    status,
  );
};

export const automationsPage: Page = async (main, _params, signal) => {
  const [list, usage] = await Promise.all([
    call<{ automations?: Automation[] }>('GET', '/v1/automations', undefined, signal),
    // The description change names the org (wire contract); the usage answer says which org the key is of.
    call<{ data: Usage }>('GET', '/v1/usage?days=1', undefined, signal),
  ]);
  const automations = list.automations ?? [];
  const items = h('ul', { class: 'cards' });
  const draw = (remaining: Automation[]) =>
    items.replaceChildren(
      ...remaining.map((automation) =>
        card(automation, usage.data.orgId, () => draw(remaining.filter((other) => other !== automation))),
      ),
    );
  draw(automations);
  main.replaceChildren(
    h('h1', {}, 'Automations'),
    automations.length ? items : message('No automations yet: create one with create-form-filler on a window.'),
  );
};
