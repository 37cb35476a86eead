/**
 * `npm start`: the whole service on this machine with embedded defaults (no AWS account, no model key).
 *   npm start -- --port 8080 --api-key <key> --data-dir .data
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../functions/config/config.js';
import { modelStartupWarning } from '../functions/composition/models.js';
import { ENV } from '../functions/config/env.js';
import { startLocalService } from '../functions/composition/local/service.js';
import { findSystemChromium } from '../functions/browser-host/browser-kind.js';
import { claimDataDir, DataDirInUseError } from '../functions/composition/local/data-dir.js';

// The AWS SDK in the lockfile warns under Node 20 about versions it will publish later: no news for someone
// starting this service, which runs those clients only against its own embedded stores or the configured ones.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE = `usage: npm start -- [--port N] [--host ADDRESS] [--api-key KEY] [--data-dir DIR]
  (or PORT, HOST, API_KEY, DATA_DIR; every other setting is an environment variable: see README, "Configuration")`;
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const parsed = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'api-key': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
const { values } = parsed;
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const env: NodeJS.ProcessEnv = { [ENV.stage]: 'development', ...process.env };
if (values.port) env[ENV.port] = values.port;
if (values.host) env[ENV.host] = values.host;
if (values['api-key']) env[ENV.apiKey] = values['api-key'];
if (values['data-dir']) env[ENV.dataDir] = values['data-dir'];

const config = (() => {
  try {
    return loadConfig(env);
  } catch (error) {
    // A bad setting is said in its own words (which variable, what is wrong), not as a stack.
    // One line, whatever the number of bad settings: `invalid configuration: MODEL_PROVIDER: must be one of …`.
    if (error instanceof ConfigError) return fail(error.message.replace(/:?\n\s+/, ': ').replace(/\n\s+/g, '; '));
    throw error;
  }
})();
// One service per data dir: a second `npm start` in the same folder is told so, before anything is opened.
const releaseDataDir = await claimDataDir(resolve(config.dataDir)).catch((error: unknown) =>
  error instanceof DataDirInUseError ? fail(error.message) : Promise.reject(error),
);
// A system Chromium (Debian's `chromium`) when one is installed and CHROMIUM_PATH names none: the full browser loads
// extensions and, with its `chromium-driver`, serves WebDriver. Without one, the bundled headless shell.
// CHROMIUM_PATH=bundled keeps the bundled one.
const systemChromium = config.chromiumPath ? undefined : await findSystemChromium();
const service = await startLocalService(systemChromium ? { ...config, chromiumPath: systemChromium } : config).catch(
  (error: NodeJS.ErrnoException) =>
    // The common mistakes get one line, not a stack: the port is taken, or the address is not this machine's.
    error.code === 'EADDRINUSE' || error.code === 'EADDRNOTAVAIL' || error.code === 'EACCES'
      ? fail(
          `cannot listen on ${env[ENV.host] ?? '127.0.0.1'}:${env[ENV.port] ?? '8080'}: ${error.code} (choose another with --port / --host)`,
        )
      : Promise.reject(error),
);
const say = (line = '') => process.stdout.write(`${line}\n`);

say(
  `Listening on ${service.url} (ready ${Math.round(performance.now())} ms after the process started; data in ${service.deps.config.dataDir})`,
);
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
const browser = service.host.browser();
if (browser) {
  const kind = browser.kind === 'full' ? 'full Chromium' : 'headless shell';
  const webdriver = (await service.deps.fleet.features?.())?.webdriver ? 'WebDriver on' : 'no WebDriver';
  say(`Browser: ${kind} ${browser.version} at ${browser.executablePath} (${webdriver}; CHROMIUM_PATH chooses another)`);
}
// The model server is checked after listening, so a slow or absent one never delays the service; it only warns.
void modelStartupWarning(config).then((warning) => warning && process.stderr.write(`warning: ${warning}\n`));

const shutdown = (signal: string) => {
  say(`${signal}: stopping`);
  service
    .stop()
    .then(releaseDataDir)
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
