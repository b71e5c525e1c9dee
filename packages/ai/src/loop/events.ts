/** What the loop reports: L8 trace events and streaming events for a UI. */
import type { ToolErrorCode, ToolResult } from "../envelope.ts";
import type { Preview } from "../preview/store.ts";

/** L8: one tool execution. */
export interface TraceEvent {
  /** One id per user message. */
  requestId: string;
  /** Which model response (1-based) asked for the call. */
  step: number;
  tool: string;
  args: unknown;
  cached: boolean;
  durationMs: number;
  ok: boolean;
  errorCode?: ToolErrorCode;
  callId: string;
  /** The full result, before L5 shortening. */
  result: ToolResult;
}

export interface TurnResult {
  requestId: string;
  /** What the user reads; never empty (L1: the user always gets a text answer). */
  answer: string;
  toolCalls: TraceEvent[];
  /** Previews created during this message, awaiting the user. */
  previews: Preview[];
  aborted: boolean;
  /** The endpoint failed (after the client's retries); `answer` says so in words. */
  error?: { message: string; status?: number };
}

export type ChatEvent =
  /** A request to the model starts; `final` when tools are no longer allowed (L1, L3). */
  | { type: "request"; requestId: string; step: number; final: boolean }
  | { type: "text"; requestId: string; step: number; delta: string }
  | {
      type: "tool-start";
      requestId: string;
      step: number;
      callId: string;
      tool: string;
      args: string;
    }
  | { type: "tool-end"; trace: TraceEvent }
  | { type: "preview"; requestId: string; preview: Preview }
  | { type: "done"; result: TurnResult };

/** Calls `listener` so that its errors never break the loop (L8). */
export function safely<E>(listener: ((e: E) => void) | undefined): (e: E) => void {
  return (e) => {
    if (!listener) return;
    try {
      listener(e);
    } catch (err) {
      console.warn("[kerf ai] an event listener threw; ignored:", err);
    }
  };
}
