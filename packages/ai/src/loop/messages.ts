/**
 * Chat Completions messages and requests, typed structurally so that only loop.ts needs to import
 * `openai` (these shapes are assignable to its param types).
 */
import type { OpenAIFunctionTool } from "../tool.ts";

export interface ToolCallMessagePart {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ToolCallMessagePart[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface CompletionRequest {
  model: string;
  messages: ChatMessage[];
  tools?: OpenAIFunctionTool[];
  tool_choice?: "auto" | "none";
  temperature?: number;
}

/** What one streamed completion yields once it has finished. */
export interface Completion {
  content: string;
  toolCalls: ToolCallMessagePart[];
  finishReason: string | null;
}

/**
 * Streams one completion; calls `onText` with every text delta. Rejects on endpoint errors and
 * when `signal` aborts.
 */
export type CompleteFn = (
  request: CompletionRequest,
  signal: AbortSignal,
  onText: (delta: string) => void,
) => Promise<Completion>;
