/**
 * The chat loop over any OpenAI-compatible Chat Completions endpoint (L1–L10). The only module
 * that imports `openai`: it owns the client and the streaming call; the turn logic lives in
 * loop/turn.ts and speaks plain message types.
 */
import OpenAI from "openai";
import type { Session } from "./session.ts";
import type { AnyTool } from "./tool.ts";
import { ToolRunner } from "./runner/runner.ts";
import { defaultTools } from "./tools/index.ts";
import { systemPrompt } from "./loop/context.ts";
import { TOOL_BUDGET } from "./loop/calls.ts";
import { safely, type ChatEvent, type TraceEvent, type TurnResult } from "./loop/events.ts";
import type { ChatMessage, CompleteFn } from "./loop/messages.ts";
import { capRetryAfter } from "./loop/retry-after.ts";
import { CompletionAccumulator } from "./loop/stream.ts";
import { runTurn } from "./loop/turn.ts";
import { decisionNotes } from "./loop/context.ts";

/**
 * Retries: 2 (the SDK default), with its backoff of about 0.5 s then 1 s. A failed status
 * (429, 408, 409, 5xx) arrives before any token is streamed, so a retry never repeats output;
 * two retries ride out a brief overload or a local server still loading its model, and the user
 * waits at most a couple of seconds more before hearing that the endpoint is down.
 */
export const DEFAULT_MAX_RETRIES = 2;
/**
 * Timeout: 120 s per attempt, until the response starts (the SDK clears it once headers arrive).
 * The SDK default of 10 minutes is far too long for someone watching a chat; 2 minutes still
 * covers a local model loading from disk before its first token. Streaming itself is bounded by
 * the user's Stop button (L6).
 */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Longest server-requested `Retry-After` we wait through (see loop/retry-after.ts). */
export const MAX_RETRY_AFTER_MS = 10_000;

/** L10: any OpenAI-compatible endpoint. */
export interface EndpointOptions {
  /** e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama). */
  baseURL: string;
  /** Sent as a Bearer token; local servers usually accept anything. Never read from the env. */
  apiKey?: string;
  model: string;
  temperature?: number;
  maxRetries?: number;
  timeoutMs?: number;
}

export interface ChatOptions extends EndpointOptions {
  session: Session;
  /** Defaults to the six tools of T1; disabled ones are not offered. */
  tools?: readonly AnyTool[];
  /** L1 budget per user message (10). */
  toolBudget?: number;
  /** L8 trace listener; its errors are ignored. */
  onTrace?: (e: TraceEvent) => void;
  /** Earlier messages to continue from (a conversation restored from storage). */
  history?: readonly ChatMessage[];
}

export interface SendOptions {
  /** L6: one signal per user message; stops the stream and the tools. */
  signal?: AbortSignal;
  onEvent?: (e: ChatEvent) => void;
}

/** One conversation: its history, its tool cache (L2) and its endpoint. */
export class Chat {
  readonly #history: ChatMessage[] = [];
  readonly #runner: ToolRunner;
  readonly #complete: CompleteFn;
  readonly #options: ChatOptions;
  #busy = false;
  #requests = 0;

  constructor(options: ChatOptions) {
    this.#options = options;
    if (options.history) this.#history.push(...options.history);
    this.#runner = new ToolRunner(options.session, options.tools ?? defaultTools);
    this.#complete = streamWith(
      new OpenAI({
        baseURL: options.baseURL,
        apiKey: options.apiKey ?? "none",
        // Never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment for a foreign endpoint.
        organization: null,
        project: null,
        maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        fetch: capRetryAfter(globalThis.fetch.bind(globalThis), MAX_RETRY_AFTER_MS),
        // The key is the user's own, typed into their own browser; there is no server of ours.
        dangerouslyAllowBrowser: true,
      }),
    );
  }

  /** The conversation so far, without the system prompt. */
  get history(): readonly ChatMessage[] {
    return this.#history;
  }

  /** Sends one user message and resolves with the answer; never rejects for endpoint failures. */
  async send(message: string, options: SendOptions = {}): Promise<TurnResult> {
    if (this.#busy) throw new Error("Chat.send: wait for the previous message to finish");
    this.#busy = true;
    const controller = new AbortController();
    const stop = (): void => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener("abort", stop, { once: true });
    const signal = controller.signal;
    const onEvent = safely(options.onEvent);
    // L6: nothing reaches the UI after the abort.
    const emit = (e: ChatEvent): void => {
      if (!signal.aborted) onEvent(e);
    };
    const session = this.#options.session;
    try {
      const requestId = `m${++this.#requests}-${crypto.randomUUID().slice(0, 8)}`;
      const notes = decisionNotes(session.previews.takeDecisions());
      const content = notes ? `${notes}\n\n${message}` : message;
      const result = await runTurn(
        {
          complete: this.#complete,
          runner: this.#runner,
          model: this.#options.model,
          ...(this.#options.temperature === undefined
            ? {}
            : { temperature: this.#options.temperature }),
          budget: this.#options.toolBudget ?? TOOL_BUDGET,
          system: () => systemPrompt(session),
          history: this.#history,
          emit,
          trace: safely(this.#options.onTrace),
        },
        requestId,
        content,
        signal,
      );
      emit({ type: "done", result });
      return result;
    } finally {
      options.signal?.removeEventListener("abort", stop);
      this.#busy = false;
    }
  }
}

function streamWith(client: OpenAI): CompleteFn {
  return async (request, signal, onText) => {
    // A derived signal per request: the client leaves a listener on the signal it is given.
    const stream = await client.chat.completions.create(
      { ...request, stream: true },
      { signal: AbortSignal.any([signal]) },
    );
    const acc = new CompletionAccumulator(onText);
    for await (const chunk of stream) acc.push(chunk);
    return acc.result();
  };
}
