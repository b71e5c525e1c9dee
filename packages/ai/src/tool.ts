/**
 * What a tool is (T0): one zod schema, a description written for a model, `readOnly`, a timeout,
 * an enabled switch, and a `run` that answers with the T0 envelope.
 */
import type { z } from "zod";
import type { ToolResult } from "./envelope.ts";
import type { Session } from "./session.ts";
import { strictJsonSchema, type JsonSchema } from "./strict-schema.ts";

export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** What a running tool may use. */
export interface ToolContext {
  session: Session;
  /** Aborted when the user stops the message (L6) or the tool times out. */
  signal: AbortSignal;
}

/**
 * Arguments as a tool's `run` sees them: properties that were missing or `null` are absent
 * (T0: "not given").
 */
export type Given<T> = {
  [K in keyof T as null extends T[K] ? never : undefined extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as null extends T[K] ? K : undefined extends T[K] ? K : never]?: Exclude<
    T[K],
    null | undefined
  >;
};

export interface Tool<Args = Record<string, unknown>> {
  readonly name: string;
  /** For the model: purpose, what it returns, an example. */
  readonly description: string;
  /** A zod object whose JSON Schema is valid in OpenAI strict mode (see strict-schema.ts). */
  readonly schema: z.ZodType;
  /** Read-only results may be cached (L2). */
  readonly readOnly: boolean;
  readonly timeoutMs: number;
  /** A disabled tool is not offered to the model and answers TOOL_DISABLED. */
  readonly enabled: boolean;
  /** L2: the result also depends on the selection, so its revision is part of the cache key. */
  readonly dependsOnSelection: boolean;
  /** L5: what to tell the model when this tool's result had to be shortened. */
  readonly truncationHint?: string;
  run(args: Args, ctx: ToolContext): Promise<ToolResult>;
}

/** A tool with its argument type erased, as lists of tools hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- run's args are checked by `schema` first
export type AnyTool = Tool<any>;

export interface ToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  schema: S;
  readOnly: boolean;
  timeoutMs?: number;
  enabled?: boolean;
  dependsOnSelection?: boolean;
  truncationHint?: string;
  run(args: Given<z.output<S>>, ctx: ToolContext): Promise<ToolResult>;
}

export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): Tool<Given<z.output<S>>> {
  return {
    timeoutMs: DEFAULT_TOOL_TIMEOUT_MS,
    enabled: true,
    dependsOnSelection: false,
    ...spec,
  };
}

/** A copy of `tool` with other settings, e.g. `withSettings(findFaces, {enabled: false})`. */
export function withSettings<T extends AnyTool>(
  tool: T,
  settings: Partial<Pick<Tool, "enabled" | "timeoutMs">>,
): T {
  return { ...tool, ...settings };
}

export interface OpenAIFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchema; strict: true };
}

/** The Chat Completions tool definition (T0). */
export function toOpenAITool(tool: AnyTool): OpenAIFunctionTool {
  return {
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: strictJsonSchema(tool.schema),
      strict: true,
    },
  };
}
