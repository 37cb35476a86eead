/** What the AWS side writes: Powertools log lines and embedded-metric lines, read back as CloudWatch would. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hostUtilizationPublisher,
  powertoolsLogger,
  powertoolsTelemetry,
} from '../../functions/observability/powertools.js';

/** Lines written to stdout while `run` runs, parsed as JSON. */
const stdoutLines = (run: () => void): Record<string, any>[] => {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  }) as typeof process.stdout.write);
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line));
};

afterEach(() => vi.restoreAllMocks());

describe('host utilization through Powertools', () => {
  it('keeps the exact metric the scaling policy tracks: namespace, name, unit, the one Fleet dimension', () => {
    const publish = hostUtilizationPublisher('SessionHost', 'browser-fleet');
    const at = Date.now();
    const [line] = stdoutLines(() => publish({ utilization: 37.5, hostId: 'host-a', used: 3, capacity: 8, at }));
    expect(line._aws).toEqual({
      Timestamp: at,
      CloudWatchMetrics: [
        { Namespace: 'SessionHost', Dimensions: [['Fleet']], Metrics: [{ Name: 'HostUtilization', Unit: 'Percent' }] },
      ],
    });
    expect(line).toMatchObject({
      Fleet: 'browser-fleet',
      HostUtilization: 37.5,
      hostId: 'host-a',
      used: '3',
      capacity: '8',
    });
    expect(line.service).toBeUndefined();
  });

  it('publishes every beat, not only the first', () => {
    const publish = hostUtilizationPublisher('SessionHost', 'f');
    const lines = stdoutLines(() => {
      publish({ utilization: 10, hostId: 'h', used: 1, capacity: 10, at: 1 });
      publish({ utilization: 100, hostId: 'h', used: 1, capacity: 10, at: 2 });
    });
    expect(lines.map((line) => line.HostUtilization)).toEqual([10, 100]);
  });
});

describe('API telemetry through Powertools', () => {
  it('writes one embedded-metric line per event, with bounded dimensions only', () => {
    const telemetry = powertoolsTelemetry('SessionHost');
    const lines = stdoutLines(() => {
      telemetry.request('listSessions', 429, 0.012);
      telemetry.sessionStatus('0190-session-id', 'running');
      telemetry.modelCall({ model: 'claude', kind: 'element', ok: true, credits: 4, seconds: 1.5 });
      telemetry.webhookAttempt('failed');
    });
    const byName = (name: string) => lines.filter((line) => name in line);
    expect(byName('RequestLatency')[0]).toMatchObject({
      operation: 'listSessions',
      statusClass: '4xx',
      RequestLatency: 12,
    });
    expect(byName('RequestLatency')[0]._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'SessionHost',
      Metrics: [{ Name: 'RequestLatency', Unit: 'Milliseconds' }],
    });
    expect(byName('SessionStatusChanges')[0]).toMatchObject({ status: 'running', SessionStatusChanges: 1 });
    expect(byName('ModelCredits')[0]).toMatchObject({ model: 'claude', ModelCredits: 4 });
    expect(byName('WebhookAttempts')[0]).toMatchObject({ outcome: 'failed', WebhookAttempts: 1 });
    // No session, org or key id becomes a dimension or a field.
    expect(JSON.stringify(lines)).not.toContain('0190-session-id');
  });
});

describe('the Powertools logger behind the service logger interface', () => {
  it('writes JSON lines with the message, the fields, the child fields, and honours the level', () => {
    const lines: string[] = [];
    const capture = ((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    }) as typeof process.stdout.write;
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    const log = powertoolsLogger('info', { component: 'api' });
    log.debug('not shown');
    log.child({ requestId: 'req-1' }).info('request', { status: 200, operationId: 'listSessions' });
    vi.restoreAllMocks();
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({
      level: 'INFO',
      message: 'request',
      service: 'sessionhost',
      component: 'api',
      requestId: 'req-1',
      status: 200,
      operationId: 'listSessions',
    });
  });
});
