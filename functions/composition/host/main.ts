/**
 * Standalone browser host: `tsx functions/composition/host/main.ts`.
 *
 * Environment (read here only; the library takes options):
 *   HOST_SECRET          required, at least 16 characters; bearer for the internal API and the CDP proxy
 *   HOST_PORT            default 9300 (0 picks a free port, printed in the "listening" log line)
 *   HOST_BIND            default 0.0.0.0
 *   HOST_CAPACITY        default 4 sessions
 *   HOST_WARM_POOL_SIZE  default 2
 *   HOST_WORK_DIR        default $TMPDIR/sessionhost-browsers
 *   SESSION_STORAGE_BYTES  default 2 GiB, at least 16 MiB: the disk one session's user-data-dir may take; past it
 *                        the session ends (storageLimit)
 *   HOST_PUBLIC_URL      origin clients use to reach this host (e.g. https://host-3.internal); default: request Host
 *   CHROMIUM_PATH        default: the binary bundled in @sparticuz/chromium
 *   EXTENSIONS_DIR       one unpacked extension per subfolder, offered to sessions by folder name
 *   EXTENSIONS_BUCKET    copy the extension folders under EXTENSIONS_PREFIX (default extensions/) of this bucket
 *                        into EXTENSIONS_DIR at start (AWS_REGION, S3_ENDPOINT as for the service)
 *   SIGNING_SECRET       the service's signing secret; when set, the host serves live views at /live/…
 *   BLOCK_PRIVATE_NETWORKS  true/false, default false; true: browsers go through the network guard, which refuses
 *                        loopback, link-local (cloud metadata) and private addresses (the ECS task sets true)
 *   ALLOWED_PRIVATE_HOSTS   comma list of host names, addresses and CIDR ranges the guard lets through anyway
 *   METRICS_TOKEN        bearer a scraper of GET /metrics sends; default: HOST_SECRET
 *
 * With START_QUEUE_URL set (the ECS task), the host joins the fleet instead of waiting to be called: it registers
 * in the table (TABLE_NAME, AWS_REGION; HOST_ADVERTISE_ADDRESS overrides the private address it announces), takes
 * session starts from the queue while it has room, records its sessions' events, files, profiles and recordings
 * like the API does (SIGNING_SECRET required), publishes its utilization (HOST_FLEET, HOST_METRICS_NAMESPACE), and
 * drains on SIGTERM. See functions/composition/host/fleet-host.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCdpProxy } from '../../browser-host/cdp-proxy.js';
import { createLiveView } from '../../browser-host/live-view/index.js';
import { BrowserHost } from '../../browser-host/host.js';
import { defaultLog } from '../../browser-host/host-setup.js';
import { bearerMatches, createInternalApiHandler } from '../../browser-host/internal-api.js';
import type { HostLogger } from '../../browser-host/types.js';
import { startFleetHostFromEnv } from './fleet-host-env.js';
import { extensionSourceFrom } from './extension-source.js';
import { DEFAULT_SESSION_STORAGE_BYTES, loadConfig, MIN_SESSION_STORAGE_BYTES } from '../../config/config.js';
import { ENV } from '../../config/env.js';
import { serveMetrics } from '../../observability/metrics-endpoint.js';
import { createPrometheusTelemetry } from '../../observability/prometheus.js';

const SHUTDOWN_DEADLINE_MS = 25_000;
/** A draining fleet host ends every session, saving profiles and recordings: within the task's 120 s stop timeout. */
const DRAIN_DEADLINE_MS = 110_000;

const log: HostLogger = (level, message, fields) => {
  const line = JSON.stringify({ level, component: 'browser-host', message, ...fields });
  if (level === 'info') console.log(line);
  else defaultLog(level, message, fields);
};

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

function booleanFromEnv(name: string, fallback: boolean): boolean {
  const raw = (process.env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got "${process.env[name]}"`);
}

function readConfig() {
  const secret = process.env.HOST_SECRET ?? '';
  if (secret.length < 16) throw new Error('HOST_SECRET must be set to at least 16 characters');
  return {
    secret,
    port: intFromEnv('HOST_PORT', 9300, 0),
    bind: process.env.HOST_BIND || '0.0.0.0',
    capacity: intFromEnv('HOST_CAPACITY', 4, 1),
    warmPoolSize: intFromEnv('HOST_WARM_POOL_SIZE', 2, 0),
    maxStorageBytes: intFromEnv(ENV.sessionStorageBytes, DEFAULT_SESSION_STORAGE_BYTES, MIN_SESSION_STORAGE_BYTES),
    workDir: process.env.HOST_WORK_DIR || undefined,
    publicBaseUrl: process.env.HOST_PUBLIC_URL || undefined,
    chromiumPath: process.env.CHROMIUM_PATH || undefined,
    extensionsDir: process.env.EXTENSIONS_DIR || undefined,
    networkGuard: booleanFromEnv('BLOCK_PRIVATE_NETWORKS', false)
      ? {
          allow: (process.env.ALLOWED_PRIVATE_HOSTS ?? '')
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry !== ''),
        }
      : undefined,
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  if (process.pid === 1) {
    // Chromium's zygotes outlive the browser by a moment and get reparented to PID 1; Node does not reap them.
    log(
      'warn',
      'running as PID 1: orphaned Chromium helpers will stay zombies; run under an init (docker --init, ECS initProcessEnabled)',
    );
  }
  if (process.env.START_QUEUE_URL) return joinFleet(config);
  const { capacity, warmPoolSize, workDir, chromiumPath, extensionsDir, networkGuard, maxStorageBytes } = config;
  // The service's own parser reads the bucket settings (and S3_ENDPOINT, AWS_REGION) when a bucket is named.
  const extensionSource = process.env[ENV.extensionsBucket] ? extensionSourceFrom(loadConfig(process.env)) : undefined;
  const host = new BrowserHost({
    capacity,
    warmPoolSize,
    workDir,
    chromiumPath,
    extensionsDir,
    extensionSource,
    networkGuard,
    maxStorageBytes,
    log,
  });
  host.on('sessionEnded', (sessionId, reason) => log('info', 'session ended', { sessionId, reason }));
  await host.start();

  let draining = false;
  const proxy = createCdpProxy({
    sessions: host,
    // Only the service holds the host secret here; clients reach their sessions through the service.
    authorize: (request) => bearerMatches(request.headers.authorization, config.secret) && 'service',
    publicBaseUrl: config.publicBaseUrl,
    log,
  });
  // Nothing queues here: the service that calls this host waits for room itself.
  const prometheus = createPrometheusTelemetry({ host: () => ({ ...host.stats(), queued: 0 }) });
  const metricsToken = process.env.METRICS_TOKEN || config.secret;
  const metrics: Parameters<typeof createInternalApiHandler>[0]['metrics'] = (req, res) =>
    serveMetrics(req, res, prometheus, metricsToken);
  const server = createServer(
    createInternalApiHandler({ host, proxy, secret: config.secret, isDraining: () => draining, log, metrics }),
  );
  proxy.attach(server);
  // Live view links are signed by the service, so the host verifies them with the same secret.
  const liveView = process.env.SIGNING_SECRET
    ? createLiveView({ sessions: host, secret: process.env.SIGNING_SECRET, log })
    : undefined;
  liveView?.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.bind, () => resolve());
  });
  log('info', 'browser host listening', { port: (server.address() as AddressInfo).port, capacity: config.capacity });

  // ECS sends SIGKILL 30 s after SIGTERM by default; leave on our own terms before that.
  exitOnSignal('shutting down', SHUTDOWN_DEADLINE_MS, async () => {
    draining = true;
    server.close(); // refuse new connections; open ones get 503 from the stopped host
    await host.shutdown();
    await proxy.close();
    await liveView?.close();
    server.closeAllConnections();
  });
}

/** On the first SIGTERM or SIGINT: run `work`, then exit 0; exit 1 when it fails or outlasts `deadlineMs`. */
function exitOnSignal(what: string, deadlineMs: number, work: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', what, { signal });
    setTimeout(() => {
      log('error', `${what} took too long; exiting anyway`);
      process.exit(1);
    }, deadlineMs).unref();
    work().then(
      () => {
        log('info', 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log('error', `${what} failed`, { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function joinFleet(config: ReturnType<typeof readConfig>): Promise<void> {
  const member = await startFleetHostFromEnv(process.env, config);
  log('info', 'browser host listening', {
    port: member.port,
    capacity: config.capacity,
    hostId: member.hostId,
    address: member.address,
  });
  exitOnSignal('draining', DRAIN_DEADLINE_MS, () => member.drain());
}

main().catch((error: unknown) => {
  log('error', 'browser host failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
