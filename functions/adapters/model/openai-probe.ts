/**
 * The cheap check at start of an OpenAI-compatible server: `GET /models` with a short timeout and no retries. It
 * only warns: a local server is often started after this service (or loads models on demand), and every operation
 * that needs the model then fails with an error naming the server anyway. What it catches early is the common
 * mistake: a wrong base URL or port, or a model name the server does not have (`llama3.2` never pulled).
 */
import { APIConnectionError, APIError } from 'openai';
import { createOpenAiClient, DEFAULT_OPENAI_BASE_URL, type OpenAiSettings } from './openai.js';

export const PROBE_TIMEOUT_MS = 3_000;

/** Ollama lists `llama3.2:latest` for what is asked as `llama3.2`. */
const sameModel = (listed: string, asked: string): boolean =>
  listed === asked || listed === `${asked}:latest` || `${listed}:latest` === asked;

/** One line to warn with, or `undefined` when the server answers and lists the model (or cannot list models). */
export const probeOpenAiServer = async (
  settings: OpenAiSettings,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> => {
  const where = settings.baseURL ?? DEFAULT_OPENAI_BASE_URL;
  const client = createOpenAiClient({ ...settings, maxRetries: 0, timeoutMs });
  const ids: string[] = [];
  try {
    for await (const model of client.models.list()) ids.push(model.id);
  } catch (error) {
    if (error instanceof APIConnectionError)
      return `model provider openai: the server at ${where} could not be reached (${error.message}); operations that need the model will fail until it answers`;
    if (error instanceof APIError && (error.status === 401 || error.status === 403))
      return `model provider openai: the server at ${where} refused the key (HTTP ${error.status}): check OPENAI_API_KEY`;
    // Some servers have no model list (404, 405): nothing can be told before the first request.
    return undefined;
  }
  if (!ids.length || ids.some((id) => sameModel(id, settings.model))) return undefined;
  const shown = ids.slice(0, 8).join(', ') + (ids.length > 8 ? ', …' : '');
  return `model provider openai: the server at ${where} does not list MODEL_NAME ${JSON.stringify(settings.model)} (it lists ${shown}); operations that need the model will fail`;
};
