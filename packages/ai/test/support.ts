/** Shared pieces of the scenario tests: a scripted endpoint, a chat on it, request assertions. */
import { expect } from "vitest";
import { z } from "zod";
import {
  Chat,
  defineTool,
  fail,
  ok,
  type AnyTool,
  type ChatEvent,
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

export async function harness(
  script: ScriptStep[],
  session: Session,
  tools?: readonly AnyTool[],
  extra: { maxRetries?: number } = {},
): Promise<Harness> {
  const server = await startScriptedServer(script);
  const traces: TraceEvent[] = [];
  const events: ChatEvent[] = [];
  const chat = new Chat({
    baseURL: server.baseURL,
    apiKey: "test-key",
    model: "scripted-model",
    session,
    ...(tools ? { tools } : {}),
    ...extra,
    onTrace: (t) => traces.push(t),
  });
  return { server, chat, traces, events };
}

type Msg = {
  role: string;
  content?: string | null;
  tool_calls?: { id: string }[];
  tool_call_id?: string;
};

/** Every tool_call_id asked for in `messages` has exactly one tool message right after its turn. */
export function expectEveryCallAnswered(messages: Msg[]): void {
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

/** The tool messages of a recorded request, parsed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, inspected by tests
export function toolResults(request: RecordedRequest): { id: string; result: any }[] {
  return (request.body.messages as Msg[])
    .filter((m) => m.role === "tool")
    .map((m) => ({ id: m.tool_call_id!, result: JSON.parse(m.content!) }));
}

/** Simple tools for loop scenarios that need no geometry. */
export const echoTool = defineTool({
  name: "echo",
  description: "Echo the text back.",
  schema: z.strictObject({ text: z.string(), times: z.number().int().nullable().optional() }),
  readOnly: true,
  run: async ({ text, times }) => ok({ text: text.repeat(times ?? 1) }),
});

/** Waits `ms` (default: forever unless aborted); never read-only so it is never cached. */
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
