/**
 * @kerf/ai: the six geometry tools (T1) over a Session, the chat loop (L1–L10) and previews (L7).
 * Test doubles (the scripted endpoint) are in `@kerf/ai/test`.
 */
export * from "./envelope.ts";
export * from "./session.ts";
export { createNodeSession, type NodeSession } from "./node-session.ts";
export { createDocSession, type DocSessionOptions } from "./doc-session.ts";
export {
  defineTool,
  toOpenAITool,
  withSettings,
  DEFAULT_TOOL_TIMEOUT_MS,
  type AnyTool,
  type Tool,
  type ToolContext,
  type OpenAIFunctionTool,
} from "./tool.ts";
export { strictJsonSchema, strictSchemaProblems, type JsonSchema } from "./strict-schema.ts";
export * from "./tools/index.ts";
export { ToolRunner, type CallOutcome, type RawCall } from "./runner/runner.ts";
export { resultForModel, MAX_RESULT_CHARS } from "./runner/truncate.ts";
export {
  PreviewStore,
  previewData,
  type Preview,
  type PreviewData,
  type FeatureDiff,
} from "./preview/store.ts";
export { applyPreview, rejectPreview, type ApplyResult } from "./preview/apply.ts";
export {
  Chat,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type ChatOptions,
  type EndpointOptions,
  type SendOptions,
} from "./loop.ts";
export type { ChatEvent, TraceEvent, TurnResult } from "./loop/events.ts";
export type { ChatMessage } from "./loop/messages.ts";
export { TOOL_BUDGET } from "./loop/calls.ts";
export { orientationsOf, ORIENTATIONS, type Orientation } from "./geometry/orientation.ts";
