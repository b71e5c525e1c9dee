/**
 * Runs one tool call from raw model output to an envelope: name lookup, argument checks (L3),
 * the conversation cache (L2), a timeout and the user's abort (L6). Never throws (T0).
 */
import { fail, type ToolResult } from "../envelope.ts";
import type { Session } from "../session.ts";
import type { AnyTool } from "../tool.ts";
import { parseArguments } from "./args.ts";
import { ResultCache } from "./cache.ts";
import { canonicalJson } from "./canonical-json.ts";

export interface RawCall {
  name: string;
  /** The argument string exactly as the model sent it. */
  arguments: string;
}

export interface CallOutcome {
  tool: string;
  /** Parsed arguments, or the raw string when they did not parse. */
  args: unknown;
  result: ToolResult;
  cached: boolean;
  durationMs: number;
  /** L3: counts towards "three invalid calls in a row". */
  invalid: boolean;
}

export class ToolRunner {
  readonly #tools: Map<string, AnyTool>;
  readonly #cache = new ResultCache();

  constructor(
    readonly session: Session,
    tools: readonly AnyTool[],
  ) {
    this.#tools = new Map(tools.map((t) => [t.name, t]));
  }

  /** The tools offered to the model (enabled ones, T0). */
  get offered(): AnyTool[] {
    return [...this.#tools.values()].filter((t) => t.enabled);
  }

  tool(name: string): AnyTool | undefined {
    return this.#tools.get(name);
  }

  async run(call: RawCall, signal: AbortSignal): Promise<CallOutcome> {
    const started = performance.now();
    const done = (
      result: ToolResult,
      args: unknown,
      extra: { cached?: boolean; invalid?: boolean } = {},
    ): CallOutcome => ({
      tool: call.name,
      args,
      result,
      cached: extra.cached ?? false,
      invalid: extra.invalid ?? false,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    });

    const tool = this.#tools.get(call.name);
    if (!tool) {
      const names = this.offered.map((t) => t.name);
      const message = `There is no tool "${call.name}". Valid tools: ${names.join(", ")}.`;
      return done(fail("UNKNOWN_TOOL", message, { validTools: names }), call.arguments, {
        invalid: true,
      });
    }
    if (!tool.enabled) {
      const message = `The tool ${tool.name} is disabled in this session; use another.`;
      return done(fail("TOOL_DISABLED", message), call.arguments, { invalid: true });
    }
    const parsed = parseArguments(tool, call.arguments);
    if (!parsed.ok)
      return done({ ok: false, error: parsed.error }, call.arguments, { invalid: true });
    const args = parsed.args;

    if (!tool.readOnly) return done(await this.#execute(tool, args, signal), args);

    const revision = this.session.document().revision;
    const selection = tool.dependsOnSelection ? this.session.selection().revision : undefined;
    const key = ResultCache.key(tool.name, canonicalJson(args), revision, selection);
    const hit = this.#cache.get(key);
    if (hit) {
      const result = await hit;
      return done({ ...result, meta: { ...result.meta, cached: true } }, args, { cached: true });
    }
    const pending = this.#execute(tool, args, signal);
    this.#cache.set(key, pending);
    const result = await pending;
    // A document that changed while the tool ran must not leave an entry under the old revision.
    if (this.session.document().revision !== revision) this.#cache.delete(key);
    return done(result, args);
  }

  async #execute(
    tool: AnyTool,
    args: Record<string, unknown>,
    outer: AbortSignal,
  ): Promise<ToolResult> {
    if (outer.aborted) return fail("ABORTED", "The user stopped this message.");
    // A signal of its own per call, so that many calls never pile listeners onto the message's.
    const timeout = new AbortController();
    const signal = AbortSignal.any([outer, timeout.signal]);
    const timer = setTimeout(() => timeout.abort(), tool.timeoutMs);
    const stopped = new Promise<ToolResult>((resolve) => {
      signal.addEventListener(
        "abort",
        () => {
          if (outer.aborted) return resolve(fail("ABORTED", "The user stopped this message."));
          const seconds = Math.round(tool.timeoutMs / 100) / 10;
          const message = `${tool.name} did not finish within ${seconds} s. Try a narrower request or a simpler change.`;
          resolve(fail("TOOL_TIMEOUT", message));
        },
        { once: true },
      );
    });
    const running = Promise.resolve()
      .then(() => tool.run(args, { session: this.session, signal }))
      .catch((e: unknown) => crashed(e));
    try {
      return await Promise.race([running, stopped]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Anything a tool throws is a bug or a kernel crash; the model still gets an envelope (T0). */
function crashed(e: unknown): ToolResult {
  const message = e instanceof Error ? e.message : String(e);
  return fail("KERNEL_CRASHED", `The tool failed unexpectedly: ${message}`);
}
