/** The `{data, meta, errors?, warnings?}` envelope, leaving out empty issue lists. */
import type { Issue } from '../../core/shared/issues.js';

export const envelope = <T>(data: T, requestId: string, issues: { errors?: Issue[]; warnings?: Issue[] } = {}) => ({
  data,
  meta: { requestId },
  ...(issues.errors?.length ? { errors: issues.errors } : {}),
  ...(issues.warnings?.length ? { warnings: issues.warnings } : {}),
});
