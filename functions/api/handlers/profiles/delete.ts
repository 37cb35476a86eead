import { deleteProfiles } from '../../../core/profiles/store.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';

// A profile's id is its name here, so the deprecated `profileIds` names profiles too.
export const operation = defineOperation('deleteProfiles', async (input) => {
  const { orgId } = input.principal;
  const { profileNames = [], profileIds = [] } = input.query;
  const deleted = [
    ...(await deleteProfiles(input.deps, orgId, profileNames, 'query.profileNames')),
    ...(await deleteProfiles(input.deps, orgId, profileIds, 'query.profileIds')),
  ];
  return envelope({ deleted }, input.requestId);
});
