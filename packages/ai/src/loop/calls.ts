/**
 * Runs the tool calls of one model response: the budget (L1), concurrency with results in call
 * order (L4), the invalid-call streak (L3), and trace events (L8).
 */
import { fail } from "../envelope.ts";
import type { CallOutcome, ToolRunner } from "../runner/runner.ts";
import type { TraceEvent } from "./events.ts";
import type { ToolCallMessagePart } from "./messages.ts";

export const TOOL_BUDGET = 10;
export const INVALID_STREAK_LIMIT = 3;

/** Counters for one user message. */
export interface CallBudget {
  readonly limit: number;
  made: number;
  invalidStreak: number;
}

export interface CallHooks {
  requestId: string;
  step: number;
  onStart(call: ToolCallMessagePart): void;
  onEnd(trace: TraceEvent): void;
}

export async function runCalls(
  calls: ToolCallMessagePart[],
  budget: CallBudget,
  runner: ToolRunner,
  signal: AbortSignal,
  hooks: CallHooks,
): Promise<TraceEvent[]> {
  const pending = calls.map((call) => {
    // Every call counts, cached, invalid and failed ones too (L1).
    const allowed = budget.made < budget.limit;
    budget.made++;
    hooks.onStart(call);
    const outcome: Promise<CallOutcome> = allowed
      ? runner.run({ name: call.function.name, arguments: call.function.arguments }, signal)
      : Promise.resolve(exhausted(call, budget.limit));
    return outcome.then((o) => {
      const trace = toTrace(o, call.id, hooks);
      hooks.onEnd(trace);
      return { outcome: o, trace };
    });
  });
  const settled = await Promise.all(pending);
  for (const { outcome } of settled) {
    if (outcome.result.ok === false && outcome.result.error.code === "TOOL_BUDGET_EXHAUSTED")
      continue;
    budget.invalidStreak = outcome.invalid ? budget.invalidStreak + 1 : 0;
  }
  return settled.map((s) => s.trace);
}

function exhausted(call: ToolCallMessagePart, limit: number): CallOutcome {
  return {
    tool: call.function.name,
    args: call.function.arguments,
    result: fail(
      "TOOL_BUDGET_EXHAUSTED",
      `The budget of ${limit} tool calls for this message is used up; this call did not run. Answer the user with what you have.`,
    ),
    cached: false,
    durationMs: 0,
    invalid: false,
  };
}

function toTrace(o: CallOutcome, callId: string, hooks: CallHooks): TraceEvent {
  const trace: TraceEvent = {
    requestId: hooks.requestId,
    step: hooks.step,
    tool: o.tool,
    args: o.args,
    cached: o.cached,
    durationMs: o.durationMs,
    ok: o.result.ok,
    callId,
    result: o.result,
  };
  if (!o.result.ok) trace.errorCode = o.result.error.code;
  return trace;
}
