/**
 * The in-page part of form analysis: one walk over the page (open shadow roots and same-origin frames in place)
 * that finds fields and controls, reads what a person reads for each (label, legend, aria-label, placeholder),
 * and registers the elements in the snapshot registry so the input actions (`pointFor`, typing) can act on them.
 *
 * One function, three modes: `analyze` (the main form), `find` (fields by locators), `at` (the field behind an
 * element of a snapshot).
 */
import type { ElementTarget } from '../../../../ports/page-snapshot.js';
import type { FieldLocators, FormAnalysis, FormField, FormFieldKind } from '../../../../ports/window-driver.js';
import { registry } from '../snapshot/page/registry.js';
import { asControl, type Control, frameDocument, shown, squash } from './dom.js';

/** Form keys kept addressable beside the snapshots' own. */
const KEPT = 6;

export type FormsArgs =
  | { mode: 'analyze' }
  | { mode: 'find'; locators: FieldLocators[] }
  | { mode: 'at'; key: string; index: number };

const KINDS = new Set([
  'text',
  'email',
  'password',
  'tel',
  'url',
  'search',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
  'color',
  'range',
  'checkbox',
  'radio',
]);
const BUTTON_TYPES = new Set(['submit', 'button', 'reset', 'image']);
const NEXT =
  /^\s*(next|continue|proceed|forward|weiter|suivant|siguiente|avanti)\b|^\s*(>|→|»)\s*$|\b(next|continue)\s*(step|page)?\s*(>|→|»)?\s*$/i;
const SUBMIT = /\b(submit|send|sign\s*up|register|create|save|apply|book|order|done|finish|complete|confirm)\b/i;
const WORDS: Partial<Record<FormFieldKind, string>> = {
  textarea: 'text area',
  select: 'dropdown',
  radio: 'radio buttons',
  checkbox: 'checkbox',
  button: 'button',
  other: 'element',
};

const bare = (text: string | null | undefined) =>
  squash(text)
    .replace(/\s*[*:]+\s*$/, '')
    .replace(/^\s*[*]\s*/, '')
    .trim();

/** Across shadow roots and frames: the element's composed parent. */
const up = (node: Node): Node | null => {
  const parent = node.parentNode;
  if (parent && parent.nodeType === 11) return (parent as ShadowRoot).host;
  if (parent && parent.nodeType === 9) {
    const view = (parent as Document).defaultView;
    return view && view.frameElement;
  }
  return parent;
};
const inside = (outer: Node, node: Node) => {
  for (let n: Node | null = node; n; n = up(n)) if (n === outer) return true;
  return false;
};

const kindOf = (el: Element): FormFieldKind | null => {
  const tag = el.localName;
  if (tag === 'textarea') return 'textarea';
  if (tag === 'select') return 'select';
  if (tag === 'input') {
    const type = (el.getAttribute('type') || 'text').toLowerCase();
    if (type === 'hidden' || type === 'file') return null;
    if (BUTTON_TYPES.has(type)) return 'button';
    return KINDS.has(type) ? (type as FormFieldKind) : 'text';
  }
  if (tag === 'button' || el.getAttribute('role') === 'button') return 'button';
  return 'other';
};
const textOf = (node: Element | null) => {
  if (!node) return '';
  const copy = node.cloneNode(true) as Element;
  for (const inner of copy.querySelectorAll('select, option, textarea, script, style, [aria-hidden="true"]'))
    inner.remove();
  return squash(copy.textContent);
};
const byIds = (el: Element, ids: string) => {
  const root = el.getRootNode() as Document | ShadowRoot;
  return ids
    .split(/\s+/)
    .map((id) => (root.getElementById ? root.getElementById(id) : null))
    .filter(Boolean)
    .map(textOf)
    .join(' ');
};
const labelsOf = (el: Control): HTMLLabelElement[] => (el.labels ? Array.from(el.labels) : []);
const visible = (el: Control) => shown(el) || labelsOf(el).some(shown);

/** What a person reads for the control itself (a radio: its option's label). */
const ownLabel = (el: Control): string => {
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const text = byIds(el, by);
    if (text) return bare(text);
  }
  const aria = el.getAttribute('aria-label');
  if (aria && aria.trim()) return bare(aria);
  const labels = labelsOf(el);
  if (labels.length) {
    const text = labels.map(textOf).join(' ');
    if (text) return bare(text);
  }
  if (kindOf(el) === 'button')
    return bare(el.localName === 'input' ? el.value : textOf(el)) || bare(el.getAttribute('title'));
  return '';
};
const groupOf = (el: Control): Control[] => {
  if (kindOf(el) !== 'radio' || !el.name) return [el];
  const scope = el.form || (el.getRootNode() as Document | ShadowRoot);
  return Array.from(scope.querySelectorAll<HTMLInputElement>('input[type=radio]')).filter(
    (radio) => radio.name === el.name && radio.getRootNode() === el.getRootNode(),
  );
};
const groupLabel = (radios: Control[]) => {
  const first = radios[0];
  for (let n = first.parentElement; n; n = n.parentElement) {
    const role = n.getAttribute('role');
    if (role === 'radiogroup' || n.localName === 'fieldset') {
      const by = n.getAttribute('aria-labelledby');
      if (by) {
        const text = byIds(n, by);
        if (text) return bare(text);
      }
      if (n.getAttribute('aria-label')) return bare(n.getAttribute('aria-label'));
      const legend = n.localName === 'fieldset' && n.querySelector(':scope > legend');
      if (legend) return bare(textOf(legend));
    }
    if (n.localName === 'form') break;
  }
  return '';
};
const labelOf = (el: Control, kind: FormFieldKind, radios: Control[]) => {
  const label = kind === 'radio' && radios.length > 1 ? groupLabel(radios) : ownLabel(el);
  return label || bare(el.getAttribute('placeholder')) || bare(el.getAttribute('title')) || '';
};
const cssPath = (el: Element) => {
  const parts: string[] = [];
  for (let n: Element | null = el; n && n.nodeType === 1; n = n.parentElement) {
    if (
      n !== el &&
      n.id &&
      (n.getRootNode() as Document | ShadowRoot).querySelectorAll('#' + CSS.escape(n.id)).length === 1
    ) {
      parts.unshift('#' + CSS.escape(n.id));
      break;
    }
    let index = 1;
    for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === n.localName) index += 1;
    parts.unshift(n.localName + ':nth-of-type(' + index + ')');
  }
  return parts.join(' > ');
};

export default function forms(args: FormsArgs): FormAnalysis | Array<FormField | null> | FormField | null {
  const known = registry();
  const key = 'f' + known.next++;
  const refs: Element[] = [];
  known.byKey.set(key, refs);
  const formKeys = Array.from(known.byKey.keys()).filter((k) => k[0] === 'f');
  for (const old of formKeys.slice(0, Math.max(0, formKeys.length - KEPT))) known.byKey.delete(old);
  const register = (el: Element): ElementTarget => {
    let i = refs.indexOf(el);
    if (i < 0) {
      i = refs.length;
      refs.push(el);
    }
    return { snapshot: key, element: 'e' + i };
  };

  // The page in document order, shadow roots and same-origin frames in place; the roots, for locator lookups.
  const all: Control[] = [];
  const roots: Array<Document | ShadowRoot> = [];
  const visit = (parent: ParentNode) => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      const tag = el.localName;
      if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'head') continue;
      all.push(asControl(el));
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        visit(el.shadowRoot);
      }
      if (tag === 'iframe' || tag === 'frame') {
        const doc = frameDocument(el);
        if (doc && doc.documentElement) {
          roots.push(doc);
          visit(doc);
        }
        continue;
      }
      visit(el);
    }
  };
  roots.push(document);
  visit(document);

  /** Steps: hidden parts of the form, numbered in document order (each outermost hidden container is one). */
  const steps = new Map<Element, number>();
  const stepOf = (el: Element, visibleNow: boolean): number => {
    if (visibleNow) return 0;
    let container: Element | null = null;
    for (let n = el.parentElement; n && n.localName !== 'form' && n.localName !== 'body'; n = n.parentElement) {
      if (!n.checkVisibility({ visibilityProperty: true })) container = n;
      else if (container) break;
    }
    if (!container) return 1;
    if (!steps.has(container)) steps.set(container, steps.size + 1);
    return steps.get(container)!;
  };

  const fieldOf = (el: Control): FormField => {
    const kind = kindOf(el) || 'other';
    const radios = groupOf(el);
    const lead = radios[0];
    const label = labelOf(lead, kind, radios);
    const isVisible = radios.some(visible);
    const field: FormField = {
      target: register(lead),
      kind,
      label,
      required: radios.some((r) => r.required || r.getAttribute('aria-required') === 'true'),
      visible: isVisible,
      disabled: radios.every((r) => r.matches(':disabled') || r.getAttribute('aria-disabled') === 'true'),
      locators: {},
      description: (label ? label + ' ' : '') + (WORDS[kind] || 'field'),
      step: stepOf(lead, isVisible),
    };
    if (kind !== 'radio' && el.id) field.id = el.id;
    if (el.getAttribute('name')) field.name = el.getAttribute('name')!;
    if (kind !== 'radio' && el.id) field.locators.id = el.id;
    if (field.name) field.locators.name = field.name;
    if (label) field.locators.label = label;
    field.locators.css = cssPath(lead);
    if (el.placeholder) field.placeholder = el.placeholder;
    for (const attr of ['min', 'max', 'pattern'] as const)
      if (el.getAttribute(attr)) field[attr] = el.getAttribute(attr)!;
    if (el.maxLength !== undefined && el.maxLength >= 0 && (el.localName === 'input' || el.localName === 'textarea'))
      field.maxLength = el.maxLength;
    if (kind === 'select') {
      const select = el as HTMLSelectElement;
      field.multiple = select.multiple;
      field.options = Array.from(select.options).map((o) => ({ value: o.value, label: squash(o.label || o.text) }));
      field.value = select.value;
    } else if (kind === 'radio') {
      field.options = radios.map((r) => ({
        value: r.value ?? '',
        label: ownLabel(r) || r.value || '',
        target: register(r),
        locators: r.id ? { id: r.id } : { css: cssPath(r) },
      }));
      const on = radios.find((r) => r.checked);
      if (on) field.value = on.value;
    } else if (kind === 'checkbox') field.checked = el.checked;
    else if (kind !== 'button' && kind !== 'other' && kind !== 'password') field.value = el.value;
    return field;
  };

  const fields = (scope: Element | null): Control[] => {
    const seen = new Set<Element>();
    const out: Control[] = [];
    for (const el of all) {
      const kind = kindOf(el);
      if (!kind || kind === 'button' || kind === 'other' || (scope && !inside(scope, el))) continue;
      const lead = groupOf(el)[0];
      if (seen.has(lead)) continue;
      seen.add(lead);
      out.push(el);
    }
    return out;
  };

  const matchOne = (loc: FieldLocators): Control | null => {
    const unique = (list: Control[]) => {
      const set = Array.from(new Set(list.map((el) => groupOf(el)[0])));
      return set.length === 1 ? set[0] : null;
    };
    const query = (selector: string): Control[] => {
      const out: Control[] = [];
      for (const root of roots) {
        try {
          // One by one: spreading a hundred thousand matches as arguments would overflow the call stack.
          for (const el of Array.from(root.querySelectorAll(selector))) out.push(asControl(el));
        } catch {
          return [];
        }
      }
      return out;
    };
    if (loc.id) {
      const hit = unique(query('#' + CSS.escape(loc.id)));
      if (hit) return hit;
    }
    if (loc.name) {
      const hit = unique(query('[name="' + CSS.escape(loc.name) + '"]').filter((el) => kindOf(el)));
      if (hit) return hit;
    }
    if (loc.label) {
      const candidates = all.filter((el) => {
        const kind = kindOf(el);
        return kind && kind !== 'other' && labelOf(groupOf(el)[0], kind, groupOf(el)) === loc.label;
      });
      const hit = unique(candidates);
      if (hit) return hit;
    }
    if (loc.css) {
      const hit = unique(query(loc.css));
      if (hit) return hit;
    }
    return null;
  };

  if (args.mode === 'find') {
    return args.locators.map((loc) => {
      const el = matchOne(loc);
      return el ? fieldOf(el) : null;
    });
  }
  if (args.mode === 'at') {
    const list = known.byKey.get(args.key);
    const el = list && list[args.index];
    if (!el || !el.isConnected) return null;
    // A label or wrapper resolved for a field: the control inside it.
    const control =
      kindOf(el) && kindOf(el) !== 'other'
        ? el
        : (el as HTMLLabelElement).control || el.querySelector('input:not([type=hidden]), select, textarea') || el;
    return fieldOf(asControl(control));
  }

  // analyze: the form with most fields (a page without form elements counts as one form).
  const forms: HTMLFormElement[] = [];
  for (const root of roots) for (const form of Array.from(root.querySelectorAll('form'))) forms.push(form);
  let scope: HTMLFormElement | null = null;
  let best = fields(null);
  if (forms.length) {
    const ranked = forms.map((form) => ({ form, list: fields(form) })).sort((a, b) => b.list.length - a.list.length)[0];
    if (ranked.list.length) {
      scope = ranked.form;
      best = ranked.list;
    }
  }
  const controls = all.filter(
    (el) => kindOf(el) === 'button' && (!scope || inside(scope, el)) && !el.matches(':disabled'),
  );
  const next = controls.find(
    (el) => NEXT.test(ownLabel(el)) && (el.getAttribute('type') || '').toLowerCase() !== 'reset',
  );
  const submit = controls.find(
    (el) =>
      el !== next &&
      ((el.getAttribute('type') || (el.localName === 'button' ? 'submit' : '')).toLowerCase() === 'submit' ||
        SUBMIT.test(ownLabel(el))),
  );
  let formName = '';
  if (scope) {
    const labelledBy = scope.getAttribute('aria-labelledby');
    formName = bare(scope.getAttribute('aria-label')) || (labelledBy ? bare(byIds(scope, labelledBy)) : '');
    if (!formName) {
      const heading = scope.querySelector('h1, h2, h3, legend');
      formName = heading ? bare(textOf(heading)) : '';
    }
    if (!formName) {
      let heading: Element | null = null;
      for (const el of all) {
        if (el === scope) break;
        if (/^h[1-3]$/.test(el.localName)) heading = el;
      }
      formName = heading ? bare(textOf(heading)) : scope.id || scope.getAttribute('name') || '';
    }
  }
  return {
    url: location.href,
    title: document.title,
    formName,
    fields: best.map(fieldOf),
    next: next ? fieldOf(next) : undefined,
    submit: submit ? fieldOf(submit) : undefined,
  };
}
