/**
 * The service as the chaos suite runs it: `npm start`'s service in a process of its own (so it can be SIGKILLed
 * and started again on the same data dir), with one extra: on the IPC message `kill-store-thread` it ends the
 * embedded stores' thread, as a crash inside an emulator would.
 *   node --import tsx bench/chaos-child.ts <dataDir> <port> <apiKey>
 */
import { loadConfig } from '../functions/config/config.js';
import { startLocalService } from '../functions/composition/local/service.js';
import { createLogger } from '../functions/config/logger.js';

const [dataDir, port, apiKey] = process.argv.slice(2);
const log = createLogger('warn');
const config = loadConfig(
  {},
  { stage: 'development', port: Number(port), dataDir, apiKey, logLevel: 'warn', warmPoolSize: 1 },
);
const service = await startLocalService(config, { log });
process.send?.({ ready: service.url });
process.on('message', (message) => {
  if (message === 'kill-store-thread') void service.embeddedStores?.worker?.terminate();
});
process.once('SIGTERM', () => void service.stop().then(() => process.exit(0)));
