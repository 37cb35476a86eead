/** An operation result → the AI envelope: `data.modelResponse`, `meta.status`, `meta.usage`, echoed client id. */
import type { OperationResult } from '../../core/operations/result.js';

export const aiEnvelope = <R>(
  result: OperationResult<R>,
  request: { requestId: string; clientRequestId?: string },
) => ({
  data: { modelResponse: result.modelResponse },
  meta: {
    status: result.status,
    usage: { credits: result.credits, id: request.requestId },
    requestId: request.requestId,
    ...(request.clientRequestId !== undefined ? { clientProvided: { clientRequestId: request.clientRequestId } } : {}),
    ...(result.screenshots?.length ? { screenshots: result.screenshots } : {}),
  },
  ...(result.errors.length ? { errors: result.errors } : {}),
  ...(result.warnings.length ? { warnings: result.warnings } : {}),
});
