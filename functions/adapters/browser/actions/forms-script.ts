/**
 * The in-page part of form analysis, as the page receives it: the bundle of `page/forms.ts` (see there, and
 * `bin/page-scripts.ts`), a function of `FormsArgs`.
 */
export { source as FORMS_SCRIPT } from './page/forms.generated.js';
