/** The language model the config names, built only by the processes that call one (see `DepsParts.model`). */
import type { AnsweringModel } from '../ports/model.js';
import type { Config } from '../config/config.js';
import { lazyModel } from './lazy-model.js';

/**
 * The language model the config names: Claude direct (`anthropic`, with a key), Claude on Bedrock, a server speaking
 * Chat Completions (`openai`), or none (`offline`). Each SDK is loaded on the model's first call.
 */
export const modelFromConfig = (config: Readonly<Config>): AnsweringModel | undefined => {
  switch (config.modelProvider) {
    case 'anthropic':
      return config.anthropicApiKey
        ? lazyModel('claude', async () =>
            (await import('../adapters/model/claude.js')).createClaudeModel({
              apiKey: config.anthropicApiKey!,
              baseURL: config.anthropicBaseUrl,
              model: config.modelName,
            }),
          )
        : undefined;
    case 'bedrock':
      return lazyModel('claude-bedrock', async () =>
        (await import('../adapters/model/bedrock.js')).createBedrockModel({
          region: config.awsRegion,
          model: config.modelName,
          baseURL: config.bedrockBaseUrl,
        }),
      );
    case 'openai':
      return lazyModel('openai', async () =>
        (await import('../adapters/model/openai.js')).createOpenAiModel(openAiSettings(config)),
      );
    default:
      return undefined;
  }
};

const openAiSettings = (config: Readonly<Config>) => ({
  baseURL: config.openaiBaseUrl,
  apiKey: config.openaiApiKey,
  model: config.modelName,
});

/**
 * A warning line about the configured model, checked once at start (only `openai`, whose server is often local
 * and started separately): unreachable, or not listing the model. Never fatal: see `probeOpenAiServer`.
 */
export const modelStartupWarning = async (config: Readonly<Config>): Promise<string | undefined> =>
  config.modelProvider === 'openai'
    ? (await import('../adapters/model/openai-probe.js')).probeOpenAiServer(openAiSettings(config))
    : undefined;
