import { afterEach, describe, expect, it } from "vitest";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { staticSession } from "../interim-support.ts";
import {
  echoTool,
  expectEveryCallAnswered,
  harness,
  toolResults,
  type Harness,
} from "../support.ts";

let h: Harness | undefined;
afterEach(async () => h?.server.close());

const calls = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `call_${from + i}`,
    name: "echo",
    args: { text: `t${from + i}` },
  }));

describe("L1 tool budget", () => {
  it("[L1] 12 calls in one message: 10 run, 2 get TOOL_BUDGET_EXHAUSTED, then a forced answer", async () => {
    h = await harness(
      [
        toolCallReply(calls(1, 4)),
        toolCallReply(calls(5, 4)),
        toolCallReply(calls(9, 4)),
        textReply("Here is what I found."),
      ],
      staticSession(),
      [echoTool],
    );
    const result = await h.chat.send("look at everything");
    h.server.assertDone();
    expect(result.answer).toBe("Here is what I found.");
    expect(h.traces).toHaveLength(12);

    const [r1, r2, r3, last] = h.server.requests.map((r) => r.body);
    for (const r of [r1, r2, r3]) expect(r.tool_choice).toBe("auto");
    // The request after the 10th call is the last: tool_choice "none" and a one-line note.
    expect(last.tool_choice).toBe("none");
    const note = last.messages.at(-1);
    expect(note.role).toBe("system");
    expect(note.content).toMatch(/used all 10 tool calls/);
    expect(note.content.split("\n")).toHaveLength(1);

    expectEveryCallAnswered(last.messages);
    const results = toolResults(h.server.requests[3]!);
    expect(results).toHaveLength(12);
    expect(results.slice(0, 10).every((r) => r.result.ok)).toBe(true);
    expect(results.slice(10).map((r) => r.result.error.code)).toEqual([
      "TOOL_BUDGET_EXHAUSTED",
      "TOOL_BUDGET_EXHAUSTED",
    ]);
    expect(
      h.traces.filter((t) => t.errorCode === "TOOL_BUDGET_EXHAUSTED").map((t) => t.callId),
    ).toEqual(["call_11", "call_12"]);
  });

  it("[L1] exactly 10 calls: the 11th request already has tool_choice none", async () => {
    h = await harness([toolCallReply(calls(1, 10)), textReply("ok")], staticSession(), [echoTool]);
    const r = await h.chat.send("go");
    h.server.assertDone();
    expect(r.answer).toBe("ok");
    expect(h.server.requests[1]!.body.tool_choice).toBe("none");
  });

  it("[L1] the user still gets text when the endpoint ignores tool_choice none", async () => {
    h = await harness(
      [toolCallReply(calls(1, 10)), toolCallReply(calls(11, 2), "Partial findings.")],
      staticSession(),
      [echoTool],
    );
    const r = await h.chat.send("go");
    h.server.assertDone();
    expect(r.answer).toBe("Partial findings.");
    expect(h.traces.slice(10).every((t) => t.errorCode === "TOOL_BUDGET_EXHAUSTED")).toBe(true);
    expectEveryCallAnswered(h.chat.history as never);
  });

  it("[L1] the budget is per user message", async () => {
    h = await harness(
      [
        toolCallReply(calls(1, 10)),
        textReply("first"),
        toolCallReply(calls(11, 1)),
        textReply("second"),
      ],
      staticSession(),
      [echoTool],
    );
    await h.chat.send("one");
    const r = await h.chat.send("two");
    h.server.assertDone();
    expect(r.answer).toBe("second");
    expect(h.server.requests[2]!.body.tool_choice).toBe("auto");
    expect(toolResults(h.server.requests[3]!).at(-1)!.result.ok).toBe(true);
  });
});
