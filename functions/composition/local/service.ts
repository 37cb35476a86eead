/**
 * The whole service on one machine: embedded DynamoDB and S3 stand-ins (unless endpoints are configured), the
 * API on node:http, and first-start access. `bin/local.ts` runs it; tests and the bench start it in-process.
 */
import type http from 'node:http';
import { resolve } from 'node:path';
import { ensureBucket, ensureTable } from '../../adapters/aws/provision.js';
import type { EmbeddedAwsThread } from '../../adapters/local/embedded-aws-thread.js';
import { startEmbeddedStores } from './embedded-stores.js';
import { prepareDataDir } from './data-dir.js';
import { systemClock, type Clock } from '../../ports/clock.js';
import { awsStores, createDeps } from '../create-deps.js';
import { modelFromConfig } from '../models.js';
import type { Config } from '../../config/config.js';
import type { Deps } from '../../api/deps.js';
import { createLogger, type Logger } from '../../config/logger.js';
import { MemoryEventBus } from '../../adapters/local/memory-event-bus.js';
import { createLocalApp, type LocalApp } from './app.js';
import { connectLocalBrowsers, createLocalBrowsers } from './browsers.js';
import { persistentSecret } from '../../adapters/local/secret-file.js';
import { resolveChromiumPath } from '../../browser-host/chromium.js';
import { ensureDevelopmentAccess, type DevKeyOutcome } from './dev-org.js';
import { publishEndpoints, withdrawEndpoints } from './endpoints-file.js';
import { createHttpServer, listen } from '../../http/local/http-server.js';
import { attachAhead } from '../../browser-host/attach.js';
import { loadSite, SITE_DIR } from '../../console/site.js';
import { resumeOpenRequests } from '../../core/requests/resume.js';
import type { AsyncOperationRegistry } from '../../core/requests/deps.js';
import { startRequestWorker } from '../../worker/local-loop.js';
import type { WebhookTransport } from '../../ports/webhooks.js';
import type { Queue } from '../../ports/queue.js';
import { createPrometheusTelemetry } from '../../observability/prometheus.js';
import { localHostProbe } from '../../observability/readiness.js';

export interface LocalService {
  url: string;
  app: LocalApp;
  deps: Deps;
  server: http.Server;
  access: DevKeyOutcome;
  /** The in-process browser host (its stats show live browsers and their processes). */
  host: ReturnType<typeof createLocalBrowsers>['host'];
  /** The embedded stores' thread, when the stores are embedded (its restarts are counted). */
  embeddedStores?: EmbeddedAwsThread;
  stop(): Promise<void>;
}

export interface LocalServiceOptions {
  clock?: Clock;
  log?: Logger;
  /** Other operations for async requests than the automation operations (tests). */
  asyncOperations?: AsyncOperationRegistry<Deps>;
  /** Another webhook transport than HTTP (tests). */
  webhookTransport?: WebhookTransport;
  /** Another queue for async requests than the configured one (tests: SQS against a stand-in). */
  queue?: Queue;
  /**
   * The embedded stores are gone for good (their thread died and could not be started again). Default: end the
   * process with exit code 1, so a supervisor restarts it rather than it answering 500 to every call.
   */
  onFatal?: (error: Error) => void;
  /** Where the built console and API reference are (`npm run build:site`); default `.build-site` in the working directory. */
  siteDir?: string;
}

export const startLocalService = async (
  config: Readonly<Config>,
  options: LocalServiceOptions = {},
): Promise<LocalService> => {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger(config.logLevel);
  // The browser binary is found (or unpacked, on a first start) while the stores start: the host waits for it later.
  resolveChromiumPath(config.chromiumPath).catch(() => undefined);
  let emulators: EmbeddedAwsThread | undefined;
  let effective = config;
  if (!config.dynamoEndpoint || !config.s3Endpoint) {
    await prepareDataDir(resolve(config.dataDir));
    const onFatal =
      options.onFatal ??
      (() => {
        process.exitCode = 1;
        process.exit(1);
      });
    emulators = await startEmbeddedStores(resolve(config.dataDir), '127.0.0.1', {
      died: (details) => log.error('the embedded stores thread died; starting it again', details),
      restarted: (details) => log.warn('the embedded stores run again', details),
      fatal: (error) => {
        log.error('the embedded stores are gone and could not be started again; exiting', {
          error: String(error),
          cause: String(error.cause),
        });
        onFatal(error);
      },
    });
    log.debug('embedded stores started', { threaded: emulators.threaded });
    for (const object of emulators.quarantined)
      log.error('a damaged object was moved out of the embedded S3; it can no longer be read through the service', {
        ...object,
      });
    effective = Object.freeze({
      ...config,
      dynamoEndpoint: config.dynamoEndpoint ?? emulators.dynamoEndpoint,
      s3Endpoint: config.s3Endpoint ?? emulators.s3Endpoint,
    });
  }
  // On one machine webhook receivers usually run on loopback, so private targets are allowed unless configured off,
  // or unless the browsers are kept off private networks: then webhooks are too.
  effective = Object.freeze({
    ...effective,
    webhookAllowPrivate: effective.webhookAllowPrivate ?? !effective.blockPrivateNetworks,
  });
  const stores = awsStores(effective, clock, emulators?.credentials);
  await Promise.all([
    ensureTable(stores.clients.dynamo, effective.tableName),
    ensureBucket(stores.clients.s3, effective.bucketName),
  ]);

  const dataDir = resolve(config.dataDir);
  const signingSecret = effective.signingSecret ?? (await persistentSecret(dataDir, 'signing-secret'));
  const browsers = createLocalBrowsers(effective, log);
  const prometheus = createPrometheusTelemetry({
    api: true,
    host: () => ({ ...browsers.host.stats(), queued: browsers.fleet.queued }),
  });
  const deps = createDeps({
    config: effective,
    records: stores.records,
    blobs: stores.blobs,
    clock,
    log,
    fleet: browsers.fleet,
    bus: new MemoryEventBus(),
    signingSecret,
    model: modelFromConfig(effective),
    asyncOperations: options.asyncOperations,
    webhookTransport: options.webhookTransport,
    reservedPorts: browsers.host.controlPorts,
    queue: options.queue,
    telemetry: prometheus.telemetry,
    readinessProbes: [localHostProbe(browsers.host)],
  });
  const access = await ensureDevelopmentAccess(stores.records, clock, effective.apiKey);
  const app = await createLocalApp(deps);
  const server = createHttpServer(app, { metrics: prometheus, metricsToken: effective.metricsToken });
  // The console (`/console`) and API reference (`/docs`) share the API's port, ahead of the API's own routes.
  attachAhead(server, await loadSite(resolve(options.siteDir ?? SITE_DIR)));
  const stopBrowsers = await connectLocalBrowsers(browsers, deps, server);
  const port = await listen(server, effective.port, effective.host);
  // Async requests: the in-process worker, then whatever the previous run left pending (queued again).
  const requestWorker = startRequestWorker(deps);
  await resumeOpenRequests(deps);
  const url = `http://${effective.host.includes(':') ? `[${effective.host}]` : effective.host}:${port}`;

  if (emulators) {
    await publishEndpoints(dataDir, {
      pid: process.pid,
      dynamoEndpoint: emulators.dynamoEndpoint,
      s3Endpoint: emulators.s3Endpoint,
      apiUrl: url,
    });
  }

  // Each step of a stop is bounded: a browser that will not die or a connection that will not close must not keep
  // the whole service from stopping; it is logged and the next step runs.
  const step = async (what: string, run: () => Promise<unknown>, ms = 15_000) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
    const outcome = await Promise.race([
      run().catch((error: unknown) => log.warn(`stopping: ${what} failed`, { error: String(error) })),
      late,
    ]);
    clearTimeout(timer);
    if (outcome === 'late') log.warn(`stopping: ${what} took over ${ms} ms; going on`);
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // The request worker first: operations still running are stopped and their requests stay pending for the
      // next start; then browsers, whose ends are recorded while the stores still run.
      await step('async request worker', () => requestWorker.stop(5_000), 10_000);
      await step('browsers', stopBrowsers, 20_000);
      await step(
        'HTTP server',
        () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      );
      stores.clients.dynamo.destroy();
      stores.clients.s3.destroy();
      if (emulators) {
        await withdrawEndpoints(dataDir);
        await step('embedded stores', () => emulators!.stop());
      }
    })());

  return { url, app, deps, server, access, host: browsers.host, embeddedStores: emulators, stop };
};
