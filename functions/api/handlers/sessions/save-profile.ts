import { saveProfileOnTermination } from '../../../core/sessions/profile-intent.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';

export const operation = defineOperation('saveProfileOnTermination', async (input) => {
  const { warnings } = await saveProfileOnTermination(
    input.deps,
    input.principal.orgId,
    input.params.sessionId,
    input.params.profileName,
  );
  return envelope({}, input.requestId, { warnings });
});
