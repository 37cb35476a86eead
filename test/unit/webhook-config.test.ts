/** The async and webhook settings in the configuration: defaults, parsing, and refusals that name the variable. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/config/config.js';

describe('async request and webhook configuration', () => {
  it('has defaults, and leaves WEBHOOK_ALLOW_PRIVATE to the runtime when unset', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      requestTtlHours: 168,
      webhookMaxAttempts: 8,
      webhookRetryBaseMs: 5_000,
      webhookTimeoutMs: 10_000,
    });
    expect(config.webhookAllowPrivate).toBeUndefined();
    expect(config.asyncQueueUrl).toBeUndefined();
  });

  it('reads the variables', () => {
    const config = loadConfig({
      WEBHOOK_ALLOW_PRIVATE: 'false',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_RETRY_BASE_MS: '250',
      WEBHOOK_TIMEOUT_MS: '1500',
      REQUEST_TTL_HOURS: '24',
      ASYNC_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/requests',
      SQS_ENDPOINT: 'http://127.0.0.1:9324',
    });
    expect(config).toMatchObject({
      webhookAllowPrivate: false,
      webhookMaxAttempts: 3,
      webhookRetryBaseMs: 250,
      webhookTimeoutMs: 1500,
      requestTtlHours: 24,
      asyncQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/requests',
      sqsEndpoint: 'http://127.0.0.1:9324',
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
  });

  it.each([
    ['WEBHOOK_ALLOW_PRIVATE', 'yes'],
    ['WEBHOOK_MAX_ATTEMPTS', '0'],
    ['WEBHOOK_RETRY_BASE_MS', 'soon'],
    ['WEBHOOK_TIMEOUT_MS', '10'],
    ['ASYNC_QUEUE_URL', 'requests'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
