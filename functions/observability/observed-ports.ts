/**
 * Port wrappers that tell telemetry what passed through them, so the domain code that publishes session events,
 * asks the model or posts webhooks stays unaware of metrics. A composition root wraps the ports it hands out.
 */
import { creditsFor, type CreditPrices } from '../core/resolve/credits.js';
import type { EventBus } from '../ports/event-bus.js';
import { ModelError, type AnsweringModel, type TokenUsage } from '../ports/model.js';
import type { WebhookTransport } from '../ports/webhooks.js';
import type { Telemetry } from './telemetry.js';

/** Session status events are published on `<orgId>/<sessionId>` channels; the session id alone is reported. */
export const observedBus = (bus: EventBus, telemetry: Telemetry): EventBus => ({
  publish: (channel, event) => {
    if (event.event === 'status' && typeof event.status === 'string')
      telemetry.sessionStatus(channel.slice(channel.indexOf('/') + 1), event.status);
    bus.publish(channel, event);
  },
  subscribe: (channel, listener) => bus.subscribe(channel, listener),
});

export const observedModel = (model: AnsweringModel, telemetry: Telemetry, prices: CreditPrices): AnsweringModel => {
  const timed = async <T extends { usage: TokenUsage }>(
    kind: 'element' | 'answer' | 'vision',
    call: () => Promise<T>,
  ): Promise<T> => {
    const began = performance.now();
    const seconds = () => (performance.now() - began) / 1000;
    try {
      const result = await call();
      telemetry.modelCall({
        model: model.name,
        kind,
        ok: true,
        credits: creditsFor(result.usage, prices),
        seconds: seconds(),
      });
      return result;
    } catch (error) {
      // A malformed answer still spent its tokens: they are charged, so they are counted.
      const usage = error instanceof ModelError ? error.usage : undefined;
      telemetry.modelCall({
        model: model.name,
        kind,
        ok: false,
        credits: usage ? creditsFor(usage, prices) : 0,
        seconds: seconds(),
      });
      throw error;
    }
  };
  const locate = model.locateVisually?.bind(model);
  return {
    name: model.name,
    chooseElement: (request) => timed('element', () => model.chooseElement(request)),
    answer: (request) => timed('answer', () => model.answer(request)),
    ...(locate
      ? { locateVisually: (request: Parameters<typeof locate>[0]) => timed('vision', () => locate(request)) }
      : {}),
  };
};

export const observedWebhooks = (transport: WebhookTransport, telemetry: Telemetry): WebhookTransport => ({
  resolve: (host) => transport.resolve(host),
  post: async (request) => {
    const outcome = await transport.post(request).catch((error: unknown) => {
      telemetry.webhookAttempt('failed');
      throw error;
    });
    const delivered = outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300;
    telemetry.webhookAttempt(delivered ? 'delivered' : 'failed');
    return outcome;
  },
});
