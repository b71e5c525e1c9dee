/**
 * The T0 envelope every tool answers with. Expected failures are values (guide habit 2): a tool
 * never throws into the loop; the runner turns anything thrown into KERNEL_CRASHED.
 */
import type { BuildErrorCode, ValidationErrorCode } from "@kerf/document";

/** Codes a tool error may carry (T1.3): the document and reference codes plus the loop's own. */
export type ToolErrorCode =
  | ValidationErrorCode
  | BuildErrorCode
  | "INVALID_ARGUMENTS"
  | "UNKNOWN_TOOL"
  | "TOOL_DISABLED"
  | "TOOL_TIMEOUT"
  | "TOOL_BUDGET_EXHAUSTED"
  | "KERNEL_CRASHED"
  /** preview_change: the user already rejected exactly this document (L7). */
  | "CHANGE_REJECTED"
  /** The user stopped the message (L6); never reaches the model. */
  | "ABORTED";

export interface ToolError {
  code: ToolErrorCode;
  /** Plain words for the model: what went wrong and what to do instead. */
  message: string;
  /** Extra facts, e.g. `issues`, `validTools`, `suggestions` (nearby valid refs, T1.3). */
  [detail: string]: unknown;
}

/** L5: how a result was shortened before it reached the model. */
export interface Truncation {
  total: number;
  returned: number;
  hint: string;
}

export interface ToolMeta {
  /** L2: answered from the conversation cache, no kernel work. */
  cached?: boolean;
  truncated?: Truncation;
}

export type ToolResult<T = unknown> =
  { ok: true; data: T; meta?: ToolMeta } | { ok: false; error: ToolError; meta?: ToolMeta };

export function ok<T>(data: T): ToolResult<T> {
  return { ok: true, data };
}

export function fail(
  code: ToolErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): ToolResult<never> {
  return { ok: false, error: { code, message, ...details } };
}
