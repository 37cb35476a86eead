import { createFile } from '../../../core/files/create.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';
import { createdFileToWire } from '../../shape/file.js';

export const operation = defineOperation('createFile', async (input) => {
  const { file, uploadUrl } = await createFile(input.deps, input.principal.orgId, input.body);
  return envelope(createdFileToWire(file, uploadUrl), input.requestId);
});
