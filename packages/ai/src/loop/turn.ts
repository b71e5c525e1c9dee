/**
 * One user message, start to finish (L1–L6): ask the model, run the tools it calls, feed the
 * results back, until it answers in words. Endpoint-agnostic: the streaming call is injected.
 */
import type { Preview } from "../preview/store.ts";
import { resultForModel } from "../runner/truncate.ts";
import type { ToolRunner } from "../runner/runner.ts";
import { toOpenAITool } from "../tool.ts";
import { INVALID_STREAK_LIMIT, runCalls, type CallBudget } from "./calls.ts";
import type { ChatEvent, TraceEvent, TurnResult } from "./events.ts";
import type { ChatMessage, CompleteFn, CompletionRequest } from "./messages.ts";

export interface TurnDeps {
  complete: CompleteFn;
  runner: ToolRunner;
  model: string;
  temperature?: number;
  budget: number;
  /** The L9 system prompt, rebuilt for every request (the document may change meanwhile). */
  system(): Promise<string>;
  /** Earlier messages of the conversation (without the system prompt); appended to at the end. */
  history: ChatMessage[];
  emit(e: ChatEvent): void;
  trace(e: TraceEvent): void;
}

const BUDGET_NOTE = (n: number): string =>
  `You have used all ${n} tool calls for this message: answer the user now in words, without tools.`;
const INVALID_NOTE =
  "Your last three tool calls were invalid: stop calling tools and answer the user now in words.";
const DEFAULT_HINT = "Ask for less, e.g. with a smaller limit or a narrower filter.";

export async function runTurn(
  deps: TurnDeps,
  requestId: string,
  userContent: string,
  signal: AbortSignal,
): Promise<TurnResult> {
  const turn: ChatMessage[] = [{ role: "user", content: userContent }];
  const budget: CallBudget = { limit: deps.budget, made: 0, invalidStreak: 0 };
  const traces: TraceEvent[] = [];
  const previews: Preview[] = [];
  const offered = deps.runner.offered.map(toOpenAITool);
  const texts: string[] = [];
  let endNote: string | undefined;

  const finish = (answer: string, extra: Partial<TurnResult> = {}): TurnResult => {
    deps.history.push(...turn, { role: "assistant", content: answer });
    return { requestId, answer, toolCalls: traces, previews, aborted: false, ...extra };
  };

  for (let step = 1; ; step++) {
    if (signal.aborted)
      return aborted(deps, turn, texts.join("\n\n"), { requestId, traces, previews });
    const final = endNote !== undefined;
    const messages: ChatMessage[] = [
      { role: "system", content: await deps.system() },
      ...deps.history,
      ...turn,
    ];
    if (endNote) messages.push({ role: "system", content: endNote });
    const request: CompletionRequest = { model: deps.model, messages };
    if (deps.temperature !== undefined) request.temperature = deps.temperature;
    if (offered.length > 0) {
      request.tools = offered;
      request.tool_choice = final ? "none" : "auto";
    }
    deps.emit({ type: "request", requestId, step, final });

    let streamed = "";
    let completion;
    try {
      const onText = (delta: string): void => {
        streamed += delta;
        deps.emit({ type: "text", requestId, step, delta });
      };
      completion = await untilAborted(deps.complete(request, signal, onText), signal);
    } catch (e) {
      const partial = [...texts, streamed].filter(Boolean).join("\n\n");
      if (signal.aborted) return aborted(deps, turn, partial, { requestId, traces, previews });
      const error = describeEndpointError(e);
      const answer = partial ? `${partial}\n\n${error.message}` : error.message;
      return finish(answer, { error });
    }
    if (completion.content) texts.push(completion.content);

    const calls = completion.toolCalls;
    if (calls.length === 0) {
      return finish(completion.content || texts.at(-1) || fallbackAnswer(budget));
    }
    turn.push({ role: "assistant", content: completion.content || null, tool_calls: calls });
    const results = await runCalls(calls, budget, deps.runner, signal, {
      requestId,
      step,
      onStart: (call) =>
        deps.emit({
          type: "tool-start",
          requestId,
          step,
          callId: call.id,
          tool: call.function.name,
          args: call.function.arguments,
        }),
      onEnd: (trace) => {
        traces.push(trace);
        deps.trace(trace);
        deps.emit({ type: "tool-end", trace });
        const preview = createdPreview(deps, trace);
        if (preview) {
          previews.push(preview);
          deps.emit({ type: "preview", requestId, preview });
        }
      },
    });
    for (const trace of results) {
      const hint = deps.runner.tool(trace.tool)?.truncationHint ?? DEFAULT_HINT;
      turn.push({
        role: "tool",
        tool_call_id: trace.callId,
        content: resultForModel(trace.result, hint),
      });
    }
    if (signal.aborted)
      return aborted(deps, turn, texts.join("\n\n"), { requestId, traces, previews });
    if (final) {
      // The endpoint ignored tool_choice "none"; every call above was answered, so stop here.
      return finish(texts.at(-1) || fallbackAnswer(budget));
    }
    if (budget.made >= budget.limit) endNote = BUDGET_NOTE(budget.limit);
    else if (budget.invalidStreak >= INVALID_STREAK_LIMIT) endNote = INVALID_NOTE;
  }
}

function createdPreview(deps: TurnDeps, trace: TraceEvent): Preview | undefined {
  if (trace.tool !== "preview_change" || !trace.result.ok) return undefined;
  const id = (trace.result.data as { changeId?: unknown }).changeId;
  return typeof id === "string" ? deps.runner.session.previews.get(id) : undefined;
}

function aborted(
  deps: TurnDeps,
  turn: ChatMessage[],
  partial: string,
  r: { requestId: string; traces: TraceEvent[]; previews: Preview[] },
): TurnResult {
  // Keep the history well-formed: an assistant message that asked for tools is kept only with
  // its results, which the runner gave (ABORTED) for every call it started.
  const last = turn.at(-1);
  if (last?.role === "assistant" && last.tool_calls) turn.pop();
  const answer = partial ? `${partial}\n\n(stopped by the user)` : "(stopped by the user)";
  deps.history.push(...turn, { role: "assistant", content: answer });
  return {
    requestId: r.requestId,
    answer,
    toolCalls: r.traces,
    previews: r.previews,
    aborted: true,
  };
}

function fallbackAnswer(budget: CallBudget): string {
  return budget.made > 0
    ? `I looked at the model (${budget.made} tool calls) but could not finish an answer. Please ask again, perhaps more narrowly.`
    : "The model returned an empty answer. Please try again.";
}

/** Rejects as soon as `signal` aborts, even if `p` is stuck (e.g. in a retry wait). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    p.catch(() => undefined); // settles after the abort; nobody waits for it any more
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export function describeEndpointError(e: unknown): { message: string; status?: number } {
  const status =
    typeof (e as { status?: unknown })?.status === "number"
      ? (e as { status: number }).status
      : undefined;
  const detail = e instanceof Error ? e.message : String(e);
  const advice =
    status === 429
      ? "The endpoint is rate-limiting requests; wait a minute and ask again."
      : status === 401 || status === 403
        ? "The endpoint refused the API key; check it in the settings."
        : status !== undefined && status >= 500
          ? "The endpoint had an internal error; try again shortly."
          : "Check the endpoint URL and that the server is running.";
  const message = `The assistant could not get an answer from the model endpoint (${detail}). ${advice}`;
  return status === undefined ? { message } : { message, status };
}
