/**
 * Which clients' resumes of new workers the CDP proxy holds, and until when: a held resume waits for the disguise
 * (service and shared workers), an unheld one (dedicated workers, other commands, sessions never seen waiting) goes
 * on at once, and none waits past the bound.
 */
import { describe, expect, it } from 'vitest';
import { workerResumeHold } from '../../functions/browser-host/cdp-worker-hold.js';

const attached = (sessionId: string, type: string, waitingForDebugger = true) =>
  Buffer.from(
    JSON.stringify({
      method: 'Target.attachedToTarget',
      params: { sessionId, waitingForDebugger, targetInfo: { type, targetId: `target-${sessionId}` } },
    }),
  );
const resume = (sessionId: string) => JSON.stringify({ id: 7, sessionId, method: 'Runtime.runIfWaitingForDebugger' });

/** A disguise stand-in: which targets were asked about, and a way to arm each. */
const disguise = () => {
  const asked: string[] = [];
  const arms = new Map<string, () => void>();
  const armed = (targetId: string) => {
    asked.push(targetId);
    return new Promise<void>((resolve) => arms.set(targetId, resolve));
  };
  return { asked, arms, armed };
};

const settledWithin = async (promise: Promise<void>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('the proxy hold on clients resuming new workers', () => {
  it('holds the resume of a new service or shared worker until the disguise is armed for it', async () => {
    for (const type of ['service_worker', 'shared_worker']) {
      const { asked, arms, armed } = disguise();
      const hold = workerResumeHold(armed);
      hold.fromBrowser(attached('S1', type));
      const held = hold.hold(resume('S1'));
      expect(held, type).toBeInstanceOf(Promise);
      expect(asked).toEqual(['target-S1']);
      expect(await settledWithin(held as Promise<void>, 50)).toBe(false);
      arms.get('target-S1')?.();
      expect(await settledWithin(held as Promise<void>, 50)).toBe(true);
      // Only the first resume of that session: the worker has started by then.
      expect(hold.hold(resume('S1'))).toBeUndefined();
    }
  });

  it('lets a dedicated worker, a worker not waiting, a detached one and other commands go at once', () => {
    const { asked, armed } = disguise();
    const hold = workerResumeHold(armed);
    hold.fromBrowser(attached('D1', 'worker'));
    hold.fromBrowser(attached('S2', 'shared_worker', false));
    hold.fromBrowser(attached('S3', 'service_worker'));
    hold.fromBrowser(Buffer.from(JSON.stringify({ method: 'Target.detachedFromTarget', params: { sessionId: 'S3' } })));
    hold.fromBrowser(attached('S4', 'service_worker'));
    expect(hold.hold(resume('D1'))).toBeUndefined();
    expect(hold.hold(resume('S2'))).toBeUndefined();
    expect(hold.hold(resume('S3'))).toBeUndefined();
    expect(hold.hold(JSON.stringify({ id: 8, sessionId: 'S4', method: 'Runtime.evaluate' }))).toBeUndefined();
    expect(hold.hold('not json Runtime.runIfWaitingForDebugger')).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('lets a held resume go at the bound when the disguise never arms, or fails', async () => {
    const never = workerResumeHold(() => new Promise<void>(() => undefined), 30);
    never.fromBrowser(attached('S1', 'shared_worker'));
    expect(await settledWithin(never.hold(resume('S1')) as Promise<void>, 500)).toBe(true);
    const failing = workerResumeHold(() => Promise.reject(new Error('gone')), 10_000);
    failing.fromBrowser(attached('S1', 'service_worker'));
    expect(await settledWithin(failing.hold(resume('S1')) as Promise<void>, 500)).toBe(true);
  });
});
