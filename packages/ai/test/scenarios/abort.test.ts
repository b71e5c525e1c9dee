import { describe, expect, it } from "vitest";
import type { ChatEvent } from "../../src/index.ts";
import { textReply, toolCallReply, type ScriptStep } from "../../src/testing/index.ts";
import { useKernel } from "../kernel.ts";
import { expectEveryCallAnswered, messagesOf, sleepTool, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

/** A text reply that streams a few chunks and then stalls until the client goes away. */
function stallingReply(): ScriptStep {
  const step = textReply("Let me think about this carefully and at length") as Extract<
    ScriptStep,
    { kind: "sse" }
  >;
  return { ...step, hangAfter: 3 };
}

describe("L6 abort", () => {
  it("[L6] aborting mid-stream stops the stream; later events are dropped", async () => {
    const h = await start(
      [stallingReply(), textReply("second message answered")],
      k.session("plate"),
    );
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    const r = await h.chat.send("think", {
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.type === "text" && events.filter((x) => x.type === "text").length === 2)
          controller.abort();
      },
    });
    expect(r.aborted).toBe(true);
    expect(r.answer).toMatch(/stopped by the user/);
    // Exactly the events before the abort; no "done" and no further text.
    expect(events.map((e) => e.type)).toEqual(["request", "text", "text"]);
    await new Promise((res) => setTimeout(res, 50));
    expect(events).toHaveLength(3);
    // The conversation goes on normally, with the stopped message in its history.
    const next = await h.chat.send("again");
    expect(next.answer).toBe("second message answered");
    expect(messagesOf(h.server.requests[1]!).map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("[L6] aborting while tools run stops them and keeps every tool_call_id answered", async () => {
    const h = await start(
      [
        toolCallReply([
          { id: "s1", name: "sleep", args: { ms: 60_000 } },
          { id: "s2", name: "sleep", args: { ms: 60_000 } },
        ]),
        textReply("next"),
      ],
      k.session("plate"),
      [sleepTool(120_000)],
    );
    const controller = new AbortController();
    const started = performance.now();
    const r = await h.chat.send("wait", {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "tool-start" && e.callId === "s2") setTimeout(() => controller.abort(), 20);
      },
    });
    expect(performance.now() - started).toBeLessThan(10_000); // vs 120 s if the abort were ignored
    expect(r.aborted).toBe(true);
    expect(r.toolCalls.map((t) => t.errorCode)).toEqual(["ABORTED", "ABORTED"]);
    await h.chat.send("go on");
    expectEveryCallAnswered(messagesOf(h.server.requests[1]!));
  });

  it("[L6] an already-aborted signal sends nothing", async () => {
    const h = await start([], k.session("plate"));
    const controller = new AbortController();
    controller.abort();
    const r = await h.chat.send("x", { signal: controller.signal });
    expect(r.aborted).toBe(true);
    expect(h.server.requests).toHaveLength(0);
  });
});
