/**
 * Reading a Chat Completions reply as the servers that speak it actually send it (OpenAI, Ollama, vLLM, llama.cpp
 * server, LM Studio): tool call arguments as a JSON string (the API's type) or already an object (some servers and
 * proxies); a forced call that comes back as JSON in the text instead (models whose template has no tool syntax);
 * JSON wrapped in a Markdown fence or after a `<think>` block (reasoning models); and `usage` missing or all zeros.
 */
import type { TokenUsage } from '../../ports/model.js';

/** What a reply says it used; `undefined` when it says nothing usable (absent, or zeros for a non-empty exchange). */
export const reportedUsage = (
  usage: { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined,
): TokenUsage | undefined => {
  const input = Number(usage?.prompt_tokens ?? 0);
  const output = Number(usage?.completion_tokens ?? 0);
  if (!Number.isFinite(input) || !Number.isFinite(output) || input + output <= 0) return undefined;
  return { inputTokens: Math.round(input), outputTokens: Math.round(output) };
};

/** A reasoning model's thoughts are not its answer. */
const withoutThinking = (text: string): string => text.replace(/<think>[\s\S]*?<\/think>/g, '').trim();

/** The reply's text, thoughts removed. */
export const replyText = (content: unknown): string => (typeof content === 'string' ? withoutThinking(content) : '');

/** The JSON value a text holds: the whole text, a fenced block, or the outermost braces; `undefined` when none parses. */
export const jsonIn = (text: string): unknown => {
  const cleaned = withoutThinking(text);
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(cleaned)?.[1];
  const braces =
    cleaned.indexOf('{') >= 0 ? cleaned.slice(cleaned.indexOf('{'), cleaned.lastIndexOf('}') + 1) : undefined;
  for (const candidate of [cleaned, fenced, braces]) {
    if (!candidate?.trim()) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // The next reading, if any.
    }
  }
  return undefined;
};

/**
 * A tool call written as text: `{"name": "choose_element", "arguments": {...}}` (or `parameters`) is unwrapped to its
 * arguments; any other object is taken as the arguments themselves.
 */
export const argumentsInText = (text: string, name: string): unknown => {
  const value = jsonIn(text);
  if (!value || typeof value !== 'object') return value;
  const call = value as { name?: unknown; arguments?: unknown; parameters?: unknown };
  if (call.name === name && (call.arguments !== undefined || call.parameters !== undefined)) {
    const args = call.arguments ?? call.parameters;
    return typeof args === 'string' ? jsonIn(args) : args;
  }
  return value;
};

export type ToolArguments = { ok: true; value: unknown } | { ok: false; problem: string };

/** The arguments of the named call: a JSON string as the API defines them, or an object as some servers send. */
export const toolArguments = (calls: unknown, name: string): ToolArguments | undefined => {
  if (!Array.isArray(calls)) return undefined;
  const call = calls.find((c: { function?: { name?: unknown } }) => c?.function?.name === name) as
    | { function: { arguments?: unknown } }
    | undefined;
  if (!call) return undefined;
  const args = call.function.arguments;
  if (args && typeof args === 'object') return { ok: true, value: args };
  if (typeof args !== 'string') return { ok: false, problem: `the ${name} call has no arguments` };
  try {
    return { ok: true, value: JSON.parse(args) as unknown };
  } catch {
    return { ok: false, problem: `the ${name} call's arguments are not JSON: ${JSON.stringify(args.slice(0, 120))}` };
  }
};
