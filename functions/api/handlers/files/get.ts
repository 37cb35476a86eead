import { readFile, viewOf } from '../../../core/files/queries.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';
import { fileIssues, fileToWire } from '../../shape/file.js';

export const operation = defineOperation('getFile', async (input) => {
  const file = await readFile(input.deps, input.principal.orgId, input.params.id);
  return envelope(fileToWire(await viewOf(input.deps, file)), input.requestId, { errors: fileIssues(file) });
});
