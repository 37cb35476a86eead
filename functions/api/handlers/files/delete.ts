import { deleteFile } from '../../../core/files/delete.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';

export const operation = defineOperation('deleteFile', async (input) => {
  await deleteFile(input.deps, input.principal.orgId, input.params.id);
  return envelope({}, input.requestId);
});
