/**
 * L3: arguments are checked locally even in strict mode. An empty string is `{}`; malformed JSON
 * or a schema mismatch is INVALID_ARGUMENTS with the issues, never coerced to `{}`.
 */
import type { ToolError } from "../envelope.ts";
import type { AnyTool } from "../tool.ts";

export type ParsedArgs =
  { ok: true; args: Record<string, unknown> } | { ok: false; error: ToolError };

export interface ArgumentIssue {
  /** Dotted path of the offending property, "" for the whole object. */
  path: string;
  message: string;
}

export function parseArguments(tool: AnyTool, raw: string): ParsedArgs {
  let value: unknown = {};
  if (raw.trim() !== "") {
    try {
      value = JSON.parse(raw);
    } catch (e) {
      return invalid(tool, [{ path: "", message: `not valid JSON: ${(e as Error).message}` }]);
    }
  }
  const parsed = tool.schema.safeParse(value);
  if (!parsed.success) {
    return invalid(
      tool,
      parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
    );
  }
  return { ok: true, args: withoutNulls(parsed.data as Record<string, unknown>) };
}

/** T0: a property that is `null` means "not given". */
function withoutNulls(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(args)) if (v !== null && v !== undefined) out[key] = v;
  return out;
}

function invalid(tool: AnyTool, issues: ArgumentIssue[]): ParsedArgs {
  const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("; ");
  return {
    ok: false,
    error: {
      code: "INVALID_ARGUMENTS",
      message: `Arguments for ${tool.name} do not match its schema: ${list}. Call it again with corrected arguments.`,
      issues,
    },
  };
}
