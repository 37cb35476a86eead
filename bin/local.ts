/**
 * `npm start`: the whole service on this machine with embedded defaults (no AWS account, no model key).
 *   npm start -- --port 8080 --api-key <key> --data-dir .data
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../functions/runtime/config.js';
import { ENV } from '../functions/runtime/env.js';
import { startLocalService } from '../functions/runtime/local/service.js';

const started = performance.now();
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'api-key': { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

const env: NodeJS.ProcessEnv = { [ENV.stage]: 'development', ...process.env };
if (values.port) env[ENV.port] = values.port;
if (values.host) env[ENV.host] = values.host;
if (values['api-key']) env[ENV.apiKey] = values['api-key'];
if (values['data-dir']) env[ENV.dataDir] = values['data-dir'];

const service = await startLocalService(loadConfig(env));
const say = (line = '') => process.stdout.write(`${line}\n`);

say(`Listening on ${service.url} (ready in ${Math.round(performance.now() - started)} ms; data in ${service.deps.config.dataDir})`);
if (service.access.kind === 'created') {
  say();
  say('A development org was created with this API key. It is shown once; keep it:');
  say(`  ${service.access.key}`);
  say();
  say(`  curl -H "Authorization: Bearer ${service.access.key}" ${service.url}/v1/sessions`);
} else if (service.access.kind === 'pinned') {
  say('Using the API key given with --api-key / API_KEY for the development org.');
} else {
  say('API keys: use one printed earlier, or create one with `npm run keys -- create --org development`.');
}
say(`OpenAPI document: ${service.url}/v1/openapi.json`);

const shutdown = (signal: string) => {
  say(`${signal}: stopping`);
  service.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
