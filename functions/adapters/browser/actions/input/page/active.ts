/** What has focus now, and whether typing edits it. */
import { deepActive, type FocusState, focusState } from './focused.js';

export default function active(): FocusState {
  return focusState(deepActive());
}
