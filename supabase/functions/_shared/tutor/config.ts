import { env } from '../env.ts';

/** How the tutor reaches its model; read per request, so a key can be set or removed live. */
export interface TutorConfig {
  /** null: no key configured, the offline tutor answers. */
  apiKey: string | null;
  /** An OpenAI-compatible server (Ollama, llama.cpp, ...); undefined: OpenAI itself. */
  baseURL: string | undefined;
  model: string;
  /** The longest wait for the first token and between tokens. */
  timeoutMs: number;
  /** The token budget for the earlier messages of the chat sent as context. */
  contextTokens: number;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONTEXT_TOKENS = 3000;

/** A positive whole number from the environment, or the default when unset or not one. */
function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value?.trim());
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

export function tutorConfig(): TutorConfig {
  return {
    apiKey: env('OPENAI_API_KEY')?.trim() || null,
    baseURL: env('OPENAI_BASE_URL')?.trim() || undefined,
    model: env('OPENAI_MODEL')?.trim() || DEFAULT_MODEL,
    timeoutMs: positiveInt(env('OPENAI_TIMEOUT_MS'), DEFAULT_TIMEOUT_MS),
    contextTokens: positiveInt(env('TUTOR_CONTEXT_TOKENS'), DEFAULT_CONTEXT_TOKENS),
  };
}
