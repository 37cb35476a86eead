/**
 * `npm run eval -- [--only resolve,resolve-model,query] [--verbose]`: how well the configured model (MODEL_PROVIDER,
 * MODEL_NAME, …, as for `npm start`) does on this service's operations, on this machine: accuracy, the wrong
 * answers, credits and latency per kind of case. Exits 2 on a bad setting, 1 when the run itself failed.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../functions/config/config.js';
import { formatReport } from './eval/score.js';
import { KINDS, runEval, type Kind } from './eval/run.js';

const USAGE = `usage: npm run eval -- [--only ${KINDS.join(',')}] [--verbose]
  the model is the one the environment names, as for npm start (see README, "Choosing a model")`;

const fail = (message: string, code = 2): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        only: { type: 'string' },
        verbose: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
})();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const only = (values.only ?? '')
  .split(',')
  .map((kind) => kind.trim())
  .filter(Boolean);
const unknown = only.filter((kind) => !(KINDS as readonly string[]).includes(kind));
if (unknown.length) fail(`--only: unknown kind ${unknown.join(', ')} (kinds: ${KINDS.join(', ')})`);

const config = (() => {
  try {
    return loadConfig({ STAGE: 'development', LOG_LEVEL: 'warn', ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
})();

if (config.modelProvider === 'offline')
  fail(
    'no language model is configured: set MODEL_PROVIDER and its settings, as for npm start (see README, "Choosing a model")',
  );

const reports = await runEval({
  config,
  only: only as Kind[],
  log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
}).catch((error: Error) => fail(`eval failed: ${error.message}`, 1));
process.stdout.write(`${formatReport(`${config.modelProvider} ${config.modelName}`, reports)}\n`);
process.exit(0);
