import { afterEach, describe, expect, it } from "vitest";
import type { ChatEvent } from "../../src/index.ts";
import { textReply, toolCallReply, type ScriptStep } from "../../src/testing/index.ts";
import { staticSession } from "../interim-support.ts";
import { expectEveryCallAnswered, harness, sleepTool, type Harness } from "../support.ts";

let h: Harness | undefined;
afterEach(async () => h?.server.close());

/** A text reply that streams two chunks and then stalls until the client goes away. */
function stallingReply(): ScriptStep {
  const step = textReply("Let me think about this carefully and at length") as Extract<
    ScriptStep,
    { kind: "sse" }
  >;
  return { ...step, hangAfter: 3 };
}

describe("L6 abort", () => {
  it("[L6] aborting mid-stream stops the stream; later events are dropped", async () => {
    h = await harness([stallingReply(), textReply("second message answered")], staticSession(), []);
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    const pending = h.chat.send("think", {
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e);
        if (e.type === "text" && events.filter((x) => x.type === "text").length === 2)
          controller.abort();
      },
    });
    const r = await pending;
    expect(r.aborted).toBe(true);
    expect(r.answer).toMatch(/stopped by the user/);
    // Exactly the events before the abort; no "done" and no further text.
    expect(events.map((e) => e.type)).toEqual(["request", "text", "text"]);
    await new Promise((res) => setTimeout(res, 50));
    expect(events).toHaveLength(3);
    // The conversation goes on normally.
    const next = await h.chat.send("again");
    expect(next.answer).toBe("second message answered");
    h.server.assertDone();
    const history = h.server.requests[1]!.body.messages;
    expect(history.map((m: { role: string }) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("[L6] aborting while tools run stops them and keeps every tool_call_id answered", async () => {
    h = await harness(
      [
        toolCallReply([
          { id: "s1", name: "sleep", args: { ms: 60_000 } },
          { id: "s2", name: "sleep", args: { ms: 60_000 } },
        ]),
        textReply("next"),
      ],
      staticSession(),
      [sleepTool(120_000)],
    );
    const controller = new AbortController();
    const started = performance.now();
    const pending = h.chat.send("wait", {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "tool-start" && e.callId === "s2") setTimeout(() => controller.abort(), 20);
      },
    });
    const r = await pending;
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r.aborted).toBe(true);
    expect(r.toolCalls.map((t) => t.errorCode)).toEqual(["ABORTED", "ABORTED"]);
    await h.chat.send("go on");
    h.server.assertDone();
    expectEveryCallAnswered(h.server.requests[1]!.body.messages);
  });

  it("[L6] an already-aborted signal sends nothing", async () => {
    h = await harness([], staticSession(), []);
    const controller = new AbortController();
    controller.abort();
    const r = await h.chat.send("x", { signal: controller.signal });
    expect(r.aborted).toBe(true);
    h.server.assertDone();
    expect(h.server.requests).toHaveLength(0);
  });
});
