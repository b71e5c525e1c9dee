/**
 * Shared pieces of the scenario tests: a scripted endpoint with a chat on it, request assertions,
 * and a loop-only tool. The endpoint is the only test double; sessions are real (kernel.ts).
 */
import { afterEach, expect } from "vitest";
import { z } from "zod";
import {
  Chat,
  defineTool,
  fail,
  ok,
  type AnyTool,
  type ChatEvent,
  type ChatOptions,
  type Session,
  type TraceEvent,
} from "../src/index.ts";
import {
  startScriptedServer,
  type RecordedRequest,
  type ScriptStep,
  type ScriptedServer,
} from "../src/testing/index.ts";

export interface Harness {
  server: ScriptedServer;
  chat: Chat;
  traces: TraceEvent[];
  events: ChatEvent[];
}

export type HarnessExtra = Partial<Pick<ChatOptions, "maxRetries" | "toolBudget" | "onTrace">>;

export type StartHarness = (
  script: ScriptStep[],
  session: Session,
  tools?: readonly AnyTool[],
  extra?: HarnessExtra,
) => Promise<Harness>;

/**
 * Call once per test file (module scope). Returns `start`, which runs a scripted endpoint and a
 * Chat on it; after each test the endpoint is closed and the test FAILS unless every scripted step
 * was used, no request came beyond the script, and every request answered each tool_call_id of
 * the history it carried.
 */
export function useHarness(): StartHarness {
  const open: Harness[] = [];
  afterEach(async () => {
    const all = open.splice(0);
    try {
      for (const h of all) {
        h.server.assertDone();
        // Every tool_call_id the model asked for was answered, in every request it received.
        for (const request of h.server.requests) expectEveryCallAnswered(messagesOf(request));
      }
    } finally {
      await Promise.all(all.map((h) => h.server.close()));
    }
  });
  return async (script, session, tools, extra = {}) => {
    const server = await startScriptedServer(script);
    const traces: TraceEvent[] = [];
    const events: ChatEvent[] = [];
    const { onTrace, ...rest } = extra;
    const chat = new Chat({
      baseURL: server.baseURL,
      apiKey: "test-key",
      model: "scripted-model",
      session,
      ...(tools ? { tools } : {}),
      ...rest,
      onTrace: (t) => {
        traces.push(t);
        onTrace?.(t);
      },
    });
    const h = { server, chat, traces, events };
    open.push(h);
    return h;
  };
}

type Msg = {
  role: string;
  content?: string | null;
  tool_calls?: { id: string }[];
  tool_call_id?: string;
};

/** Every tool_call_id asked for in `messages` has exactly one tool message right after its turn. */
export function expectEveryCallAnswered(messages: readonly Msg[]): void {
  messages.forEach((m, i) => {
    if (m.role !== "assistant" || !m.tool_calls) return;
    const following: Msg[] = [];
    for (const n of messages.slice(i + 1)) {
      if (n.role !== "tool") break;
      following.push(n);
    }
    expect(following.map((n) => n.tool_call_id)).toEqual(m.tool_calls.map((c) => c.id));
  });
}

/** The messages of a recorded request. */
export function messagesOf(request: RecordedRequest): Msg[] {
  return request.body.messages as Msg[];
}

/** The tool messages of a recorded request, parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, inspected by tests
export function toolResults(request: RecordedRequest): { id: string; result: any }[] {
  return messagesOf(request)
    .filter((m) => m.role === "tool")
    .map((m) => ({ id: m.tool_call_id!, result: JSON.parse(m.content!) }));
}

/** Waits `ms` unless aborted; never read-only so it is never cached. */
export function sleepTool(timeoutMs: number): AnyTool {
  return defineTool({
    name: "sleep",
    description: "Wait.",
    schema: z.strictObject({ ms: z.number() }),
    readOnly: false,
    timeoutMs,
    run: ({ ms }, { signal }) =>
      new Promise((resolve) => {
        const t = setTimeout(() => resolve(ok({ slept: ms })), ms);
        signal.addEventListener("abort", () => {
          clearTimeout(t);
          resolve(fail("ABORTED", "stopped"));
        });
      }),
  });
}

/** A copy of `tool` that counts how often its `run` really executes (L2: cache hits do not). */
export function counting<T extends AnyTool>(tool: T): T & { runs: number } {
  const counted = {
    ...tool,
    runs: 0,
    run: (args: never, ctx: Parameters<AnyTool["run"]>[1]) => {
      counted.runs++;
      return tool.run(args, ctx);
    },
  };
  return counted;
}
