/**
 * Claude on Amazon Bedrock: the same model adapter over `@anthropic-ai/bedrock-sdk`, which signs requests with the
 * AWS credentials of the environment (the task or function role inside AWS: no third-party key to keep). The
 * Bedrock model id names the model (e.g. an inference profile id); region and credentials come from the caller.
 */
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { ClaudeModel, DEFAULT_CLAUDE_MAX_RETRIES, type MessagesClient } from './claude.js';

export interface BedrockSettings {
  region: string;
  /** Bedrock model id or inference profile, e.g. `us.anthropic.claude-sonnet-...`. */
  model: string;
  /** Another endpoint speaking Bedrock's invoke API (a local fake in tests). */
  baseURL?: string;
  maxRetries?: number;
  /** Per-request timeout in milliseconds; the operation's AbortSignal bounds it too. */
  timeoutMs?: number;
  /** Static credentials; omitted, the AWS default provider chain applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export const createBedrockModel = (settings: BedrockSettings): ClaudeModel => {
  const { credentials } = settings;
  const common = {
    awsRegion: settings.region,
    maxRetries: settings.maxRetries ?? DEFAULT_CLAUDE_MAX_RETRIES,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    ...(settings.timeoutMs ? { timeout: settings.timeoutMs } : {}),
  };
  const client = credentials
    ? new AnthropicBedrock({
        ...common,
        awsAccessKey: credentials.accessKeyId,
        awsSecretKey: credentials.secretAccessKey,
        awsSessionToken: credentials.sessionToken ?? null,
      })
    : new AnthropicBedrock(common);
  return new ClaudeModel(client as unknown as MessagesClient, settings.model, 'claude-bedrock');
};
