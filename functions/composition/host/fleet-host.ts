/**
 * A browser host in a fleet (AWS): the host library (Chromium processes, CDP proxy, live view, internal API) plus
 * membership: it registers itself with a heartbeat, takes session starts from the start queue while it has room,
 * records what its browsers do (session ends, downloads, profiles, recordings) in the same stores the API uses, and
 * on drain stops taking starts and ends its sessions through the normal path before it leaves.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { LocalFleet } from '../../adapters/browser/local-fleet.js';
import { MemoryEventBus } from '../../adapters/local/memory-event-bus.js';
import {
  BrowserHost,
  bearerMatches,
  createCdpProxy,
  createInternalApiHandler,
  createLiveView,
} from '../../browser-host/index.js';
import { HostRegistry, removeHost, staleHosts, type HostRegistryOptions } from '../../browser-host/fleet/registry.js';
import { formatGeneration, newerGenerationLive, type Generation } from '../../browser-host/fleet/generation.js';
import { ScaleInProtection } from '../../browser-host/fleet/scale-in-protection.js';
import { StartQueueConsumer } from '../../browser-host/fleet/start-queue.js';
import { MAX_FILE_BYTES } from '../../core/files/model.js';
import { MAX_WINDOWS_PER_SESSION } from '../../core/windows/navigation.js';
import { archiveProfile } from '../../browser-host/profile-archive.js';
import { startWebDriver } from '../../browser-host/webdriver/index.js';
import { endOrphanedSessions } from '../../core/sessions/orphans.js';
import { findPlacement, parseSessionStart, removePlacement, takeSessionStart } from '../../core/sessions/placement.js';
import type { ExtensionSource } from '../../browser-host/types.js';
import type { Blobs } from '../../ports/blobs.js';
import type { Queue } from '../../ports/queue.js';
import type { Records } from '../../ports/records.js';
import { recordBrowserEvents } from '../browser-events.js';
import { clientMayDrive } from '../cdp-access.js';
import { createDeps } from '../create-deps.js';
import { modelFromConfig } from '../models.js';
import type { Config } from '../../config/config.js';
import type { Logger } from '../../config/logger.js';
import { serveMetrics } from '../../observability/metrics-endpoint.js';
import { createPrometheusTelemetry } from '../../observability/prometheus.js';

export interface FleetHostOptions {
  config: Readonly<Config>;
  records: Records;
  blobs: Blobs;
  startQueue: Queue;
  /** Shared by every host and the API functions: the internal API, and CDP from functions and other hosts. */
  hostSecret: string;
  signingSecret: string;
  log: Logger;
  port: number;
  bind?: string;
  /** The address other machines reach this host at (with the port it listens on). Default: the task's private IPv4. */
  advertise?: string;
  hostId?: string;
  /** The bucket whose extension folders the host copies into `config.extensionsDir` at start (extension-source.ts). */
  extensionSource?: ExtensionSource;
  /** Where browsers' user-data-dirs live. Default: $TMPDIR/sessionhost-browsers. */
  workDir?: string;
  /** Publishes the host's utilization on each heartbeat (the metric the fleet scales on). */
  metrics?: HostRegistryOptions['metrics'];
  heartbeatMs?: number;
  /** Long-poll length on the start queue (tests shorten it). */
  waitSeconds?: number;
  /** The ECS agent endpoint (`ECS_AGENT_URI`): the host holds task scale-in protection while it has sessions. */
  agentUri?: string;
  /** The host's task definition family and revision: it stops taking starts while a newer revision's host is live. */
  generation?: Generation;
  /** Whether ECS is stopping this task (its desired status): it stops taking starts. */
  stopping?: () => Promise<boolean>;
}

export interface FleetHost {
  hostId: string;
  address: string;
  port: number;
  host: BrowserHost;
  /** Stop taking starts, mark draining, end every session through the normal path, deregister. Idempotent. */
  drain(): Promise<void>;
}

/** The first non-internal IPv4 address: in Fargate's awsvpc mode, the task's private address in the VPC. */
export const privateAddress = (): string => {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return '127.0.0.1';
};

export const startFleetHost = async (options: FleetHostOptions): Promise<FleetHost> => {
  const { config, records, blobs, hostSecret, log } = options;
  const hostId = options.hostId ?? randomUUID();
  const hostLog = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) =>
    log[level](message, { hostId, ...fields });
  const host: BrowserHost = new BrowserHost({
    capacity: config.hostCapacity,
    warmPoolSize: config.warmPoolSize,
    chromiumPath: config.chromiumPath,
    extensionsDir: config.extensionsDir,
    extensionSource: options.extensionSource,
    workDir: options.workDir ?? resolve(tmpdir(), 'sessionhost-browsers'),
    log: hostLog,
    networkGuard: config.blockPrivateNetworks ? { allow: config.allowedPrivateHosts } : undefined,
    maxWindows: MAX_WINDOWS_PER_SESSION,
    maxStorageBytes: config.sessionStorageBytes,
    beforeRemoveUserDataDir: (handoff) => fleet.userDataDirEnding(handoff),
  });
  // Known once the host has started and found (or not) a chromedriver matching its browser.
  let webdriverOn = false;
  const fleet: LocalFleet = new LocalFleet(host, {
    archiveProfile,
    hostId,
    webdriver: () => webdriverOn,
    downloadLimits: { fileBytes: MAX_FILE_BYTES, sessionBytes: config.sessionDownloadBytes },
  });
  // Starts taken from the queue and not yet running: the consumer exists once the server listens.
  let takingStarts = () => 0;
  const prometheus = createPrometheusTelemetry({ host: () => ({ ...host.stats(), queued: takingStarts() }) });
  const deps = createDeps({
    config,
    records,
    blobs,
    fleet,
    bus: new MemoryEventBus(),
    signingSecret: options.signingSecret,
    model: modelFromConfig(config),
    log,
    telemetry: prometheus.telemetry,
  });
  const recorder = recordBrowserEvents(fleet, deps);

  let draining = false;
  let holdStarts = false;
  // Client traffic for a session another host runs (the load balancer picks any host) goes on to the owner.
  const owner = async (sessionId: string) => {
    const placement = await findPlacement(records, sessionId);
    return placement && placement.hostId !== hostId ? { address: placement.address } : undefined;
  };
  // API functions drive sessions with the hosts' secret; clients with their API key, for their org's sessions.
  const authorize = async (request: IncomingMessage, sessionId: string) => {
    if (bearerMatches(request.headers.authorization, hostSecret)) return 'service' as const;
    return (await clientMayDrive(deps)(request, sessionId)) && ('client' as const);
  };
  const proxy = createCdpProxy({
    sessions: host,
    owner,
    relaySecret: hostSecret,
    publicBaseUrl: config.publicBaseUrl,
    log: hostLog,
    authorize,
  });
  const liveView = createLiveView({ sessions: host, secret: options.signingSecret, owner, log: hostLog });
  // Scrapers send METRICS_TOKEN when one is set, else the hosts' secret like every other internal API caller.
  const metrics = (req: IncomingMessage, res: ServerResponse) =>
    serveMetrics(req, res, prometheus, config.metricsToken ?? hostSecret);
  const server: Server = createServer(
    createInternalApiHandler({
      host,
      proxy,
      secret: hostSecret,
      files: fleet,
      isDraining: () => draining,
      log: hostLog,
      metrics,
    }),
  );
  proxy.attach(server);
  liveView.attach(server);
  await host.start();
  // WebDriver (`/webdriver/{sessionId}/…`): the same keys as CDP, relayed to the session's owner like it.
  const webdriver = await startWebDriver({
    host,
    chromedriverPath: config.chromedriverPath,
    authorize: async (request, sessionId) => Boolean(await authorize(request, sessionId)),
    owner,
    relaySecret: hostSecret,
    publicBaseUrl: config.publicBaseUrl,
    log: hostLog,
  });
  webdriverOn = webdriver.available;
  webdriver.attach(server);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.bind ?? '0.0.0.0', () => done());
  });
  const port = (server.address() as AddressInfo).port;
  const address = `http://${options.advertise ?? privateAddress()}:${port}`;

  const consumer: StartQueueConsumer = new StartQueueConsumer({
    queue: options.startQueue,
    log: hostLog,
    waitSeconds: options.waitSeconds,
    // A host a newer deployment supersedes, or one ECS is stopping, takes no starts: it empties (and drops protection).
    room: () => (holdStarts ? 0 : host.capacity - host.stats().live),
    handle: async (message) => {
      // Protected before the browser is taken: scale-in must not pick this task between the take and the session.
      await protection?.sync();
      const start = parseSessionStart(message.body);
      if (!start)
        return hostLog('error', 'dropping a start queue message that is not a session start', {
          messageId: message.id,
        });
      const outcome = await takeSessionStart(deps, start, { hostId, address, attempt: message.receiveCount });
      hostLog('info', 'session start taken', { ...start, outcome });
      void protection?.sync();
    },
  });
  takingStarts = () => consumer.pending;
  const protection = options.agentUri
    ? new ScaleInProtection({
        agentUri: options.agentUri,
        busy: () => host.stats().live + consumer.pending > 0,
        log: hostLog,
      })
    : undefined;
  const registry = new HostRegistry({
    records,
    hostId,
    address,
    capacity: host.capacity,
    used: () => host.stats().live + consumer.pending,
    heartbeatMs: options.heartbeatMs,
    metrics: options.metrics,
    features: fleet.features(),
    ...(options.generation ? { generation: formatGeneration(options.generation) } : {}),
  });
  fleet.onEnded(({ sessionId }) => {
    void removePlacement(records, sessionId).catch(() => undefined);
    consumer.notifyRoom();
    void protection?.sync();
  });
  await registry.start();
  protection?.start();
  consumer.run();
  // A host that died without draining (killed, out of memory) took its browsers with it: any host notices its
  // silent heartbeat and ends those sessions, so their clients see a final status instead of "running" forever.
  const sweep = setInterval(() => void sweepStaleHosts(deps, records, hostLog), 3 * (options.heartbeatMs ?? 10_000));
  sweep.unref();
  const own = options.generation;
  const stopping = options.stopping;
  // Reasons to take no starts while sessions run on: a newer deployment is live, or ECS is stopping this task (it
  // deregisters it from the load balancer for 30 s before the SIGTERM; a start taken then would end at once).
  const checkHold = async () => {
    try {
      const newer = own ? await newerGenerationLive(records, own) : false;
      const ending = stopping ? await stopping() : false;
      const hold = newer || ending;
      if (hold !== holdStarts)
        hostLog('info', hold ? 'taking no more starts' : 'taking starts again', {
          newerDeployment: newer,
          taskStopping: ending,
        });
      holdStarts = hold;
      if (!hold) consumer.notifyRoom();
    } catch (error) {
      hostLog('warn', 'could not check the deployment or the task state', { error: String(error) });
    }
  };
  const watch = own || stopping ? setInterval(() => void checkHold(), options.heartbeatMs ?? 10_000) : undefined;
  watch?.unref();
  hostLog('info', 'browser host joined the fleet', { address, capacity: host.capacity });

  let drained: Promise<void> | undefined;
  const drain = () =>
    (drained ??= (async () => {
      draining = true;
      clearInterval(sweep);
      clearInterval(watch);
      hostLog('info', 'draining: no new sessions; ending the running ones');
      await consumer.stop();
      await registry.drain().catch(() => undefined);
      await host.shutdown();
      await protection?.stop();
      await recorder.settled();
      await registry.stop().catch(() => undefined);
      await webdriver.close();
      await liveView.close();
      await proxy.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      hostLog('info', 'drained');
    })());
  return { hostId, address, port, host, drain };
};

const sweepStaleHosts = async (
  deps: Parameters<typeof endOrphanedSessions>[0],
  records: Records,
  log: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void,
) => {
  try {
    for (const stale of await staleHosts(records)) {
      const ended = await endOrphanedSessions(deps, [stale.hostId], 'its browser host stopped answering');
      await removeHost(records, stale.hostId);
      log('warn', 'a browser host stopped answering; its sessions were ended', {
        lostHostId: stale.hostId,
        sessions: ended,
      });
    }
  } catch (error) {
    log('warn', 'could not check for silent hosts', { error: String(error) });
  }
};
