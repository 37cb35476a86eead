import { listFiles } from '../../../core/files/queries.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';
import { externalFileToWire } from '../../shape/file.js';

export const operation = defineOperation('listFiles', async (input) => {
  const page = await listFiles(input.deps, input.principal.orgId, input.query);
  return envelope({ files: page.items.map(externalFileToWire), pagination: page.pagination }, input.requestId);
});
