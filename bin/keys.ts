/**
 * Manage API keys against the configured store.
 *   npm run keys -- create --org NAME      a new key for the org (created if absent); printed once
 *   npm run keys -- list [--org NAME]      keys (id, hint, created, revoked) of one org or all
 *   npm run keys -- revoke --org NAME --key KEY_ID
 *   npm run keys -- webhook-secret --org NAME [--rotate [--grace-hours N]]
 *                                          the org's webhook signing secret (created if absent); --rotate makes a
 *                                          new one, the old one still signing for N hours (default 24)
 * Store: DYNAMODB_ENDPOINT/TABLE_NAME when set (AWS when no endpoint is given); otherwise the local data dir
 * (through a running `npm start`, the only one running when none runs on DATA_DIR, or by opening the embedded store
 * itself); stderr says which store when it is not plainly the configured one.
 */
import { parseArgs } from 'node:util';
import { createApiKey, listApiKeys, revokeApiKey } from '../functions/core/orgs/api-keys.js';
import { ensureOrg, findOrgByName, listOrgs } from '../functions/core/orgs/orgs.js';
import { systemClock } from '../functions/ports/clock.js';
import { openStore } from './store.js';
import { loadConfig } from '../functions/config/config.js';
import {
  DEFAULT_ROTATION_GRACE_HOURS,
  ensureWebhookSecret,
  rotateWebhookSecret,
} from '../functions/core/webhooks/secrets.js';

// The AWS SDK in the lockfile warns under Node 20 about versions it will publish later: no news for someone
// starting this service, which runs those clients only against its own embedded stores or the configured ones.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage =
  'usage: npm run keys -- create --org NAME | list [--org NAME] | revoke --org NAME --key KEY_ID | webhook-secret --org NAME [--rotate [--grace-hours N]]  [--aws]';
const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
// A mistyped command line (an option without its value) is answered with what was wrong and the usage, not a trace.
const parsed = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        org: { type: 'string' },
        key: { type: 'string' },
        rotate: { type: 'boolean' },
        'grace-hours': { type: 'string' },
        aws: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
})();
const { positionals, values } = parsed;
const command = positionals[0];
// Refusals of the input itself (an org name too long) are the caller's to fix: said plainly, exit 2.
process.on('uncaughtException', (error) => fail(`keys: ${error.message}`));
process.on('unhandledRejection', (error) => fail(`keys: ${(error as Error).message ?? String(error)}`));

if (values.help || !command || !['create', 'list', 'revoke', 'webhook-secret'].includes(command)) fail(usage);
const graceHours = values['grace-hours'] === undefined ? DEFAULT_ROTATION_GRACE_HOURS : Number(values['grace-hours']);
if (!Number.isInteger(graceHours) || graceHours < 0 || graceHours > 720)
  fail('--grace-hours must be a whole number of hours, 0–720');

const store = await openStore({ aws: values.aws === true });
try {
  const { records } = store;
  if (command === 'create') {
    if (!values.org) fail('create needs --org NAME');
    const { org, created } = await ensureOrg(records, systemClock, values.org!);
    const { key, info } = await createApiKey(records, systemClock, org.id);
    console.log(`${created ? 'Created org' : 'Org'} ${org.name} (${org.id}).`);
    console.log(`New API key ${info.keyId} (shown once, keep it):\n  ${key}`);
    if (created && store.local && !loadConfig().blockPrivateNetworks) {
      // Another org on the same `npm start`: say what is and is not kept apart (README, "Several orgs").
      console.error(
        'Note: this org shares the local service with the others. Records, files and the stores are kept apart, but with\n' +
          "BLOCK_PRIVATE_NETWORKS=false its sessions' browsers can reach other services on this machine and its network.\n" +
          'When the orgs do not trust each other, start the service with BLOCK_PRIVATE_NETWORKS=true.',
      );
    }
  } else if (command === 'list') {
    const orgs = values.org
      ? [await findOrgByName(records, values.org)].filter((o) => o !== undefined)
      : await listOrgs(records);
    if (values.org && orgs.length === 0) fail(`no org named ${values.org}`);
    for (const org of orgs) {
      console.log(`${org.name} (${org.id})`);
      for (const key of await listApiKeys(records, org.id)) {
        console.log(
          `  ${key.keyId}  ${key.hint}  created ${key.createdAt}${key.revokedAt ? `  REVOKED ${key.revokedAt}` : ''}`,
        );
      }
    }
  } else if (command === 'webhook-secret') {
    if (!values.org) fail('webhook-secret needs --org NAME');
    const org = (await findOrgByName(records, values.org!)) ?? fail(`no org named ${values.org}`);
    if (values.rotate) {
      const rotated = await rotateWebhookSecret(records, systemClock, org.id, graceHours);
      console.log(`New webhook secret for ${org.name}:\n  ${rotated.secret}`);
      console.log(
        rotated.previousUntil
          ? `The previous secret also signs until ${rotated.previousUntil}.`
          : 'The previous secret no longer signs.',
      );
    } else {
      const current = await ensureWebhookSecret(records, systemClock, org.id);
      console.log(`Webhook secret for ${org.name} (since ${current.createdAt}):\n  ${current.secret}`);
      if (current.previousUntil) console.log(`The previous secret also signs until ${current.previousUntil}.`);
    }
  } else {
    if (!values.org || !values.key) fail('revoke needs --org NAME --key KEY_ID');
    const org = (await findOrgByName(records, values.org!)) ?? fail(`no org named ${values.org}`);
    const revoked = await revokeApiKey(records, systemClock, org.id, values.key!);
    if (!revoked) fail(`org ${values.org} has no key ${values.key}`);
    console.log(`Revoked ${values.key}. Running services stop accepting it within their auth cache time.`);
  }
} finally {
  await store.close();
}
