/**
 * What a field is, shared by scoring (a field with no name is named by the text beside it) and by choosing
 * (a field and its own label are one thing). A leaf: it imports nothing of the resolver.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';

/** Roles of a control that holds a value: what a label names. */
const FIELD_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'spinbutton',
  'checkbox',
  'radio',
  'slider',
  'switch',
]);

export const isField = (e: SnapshotElement): boolean =>
  e.interactive && (FIELD_ROLES.has(e.role) || e.editable === true);
