import { describe, expect, it } from "vitest";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { useKernel } from "../kernel.ts";
import { expectEveryCallAnswered, messagesOf, toolResults, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

/** `n` distinct real calls (never cache hits of each other): find_faces with limit from..from+n-1. */
const calls = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `call_${from + i}`,
    name: "find_faces",
    args: { limit: from + i },
  }));

describe("L1 tool budget (real tools, bracket)", () => {
  it("[L1] 12 calls in one message: 10 run, 2 get TOOL_BUDGET_EXHAUSTED, then a forced answer", async () => {
    const h = await start(
      [
        toolCallReply(calls(1, 4)),
        toolCallReply(calls(5, 4)),
        toolCallReply(calls(9, 4)),
        textReply("Here is what I found."),
      ],
      k.session("bracket"),
    );
    const result = await h.chat.send("look at everything");
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
    expect(results[9]!.result.data.faces).toHaveLength(Math.min(10, results[9]!.result.data.total));
    expect(results.slice(10).map((r) => r.result.error.code)).toEqual([
      "TOOL_BUDGET_EXHAUSTED",
      "TOOL_BUDGET_EXHAUSTED",
    ]);
    expect(
      h.traces.filter((t) => t.errorCode === "TOOL_BUDGET_EXHAUSTED").map((t) => t.callId),
    ).toEqual(["call_11", "call_12"]);
  });

  it("[L1] 11 calls in ONE response: the 11th is answered TOOL_BUDGET_EXHAUSTED, next request is final", async () => {
    const h = await start([toolCallReply(calls(1, 11)), textReply("ok")], k.session("bracket"));
    const r = await h.chat.send("go");
    expect(r.answer).toBe("ok");
    const final = h.server.requests[1]!.body;
    expect(final.tool_choice).toBe("none");
    expectEveryCallAnswered(final.messages);
    expect(toolResults(h.server.requests[1]!).map((x) => x.result.ok)).toEqual([
      ...Array<boolean>(10).fill(true),
      false,
    ]);
  });

  it("[L1] cached and invalid calls count too", async () => {
    const same = { name: "get_geometry", args: { ref: "body" } };
    const h = await start(
      [
        toolCallReply([
          { id: "a1", ...same },
          { id: "a2", ...same },
          { id: "a3", name: "find_faces", args: "{" },
        ]),
        toolCallReply(calls(1, 7)),
        textReply("done"),
      ],
      k.session("bracket"),
    );
    await h.chat.send("go");
    expect(h.traces.map((t) => t.cached)).toContain(true);
    expect(h.server.requests[2]!.body.tool_choice).toBe("none");
  });

  it("[L1] the user still gets text when the endpoint ignores tool_choice none", async () => {
    const h = await start(
      [toolCallReply(calls(1, 10)), toolCallReply(calls(11, 2), "Partial findings.")],
      k.session("bracket"),
    );
    const r = await h.chat.send("go");
    expect(r.answer).toBe("Partial findings.");
    expect(h.traces.slice(10).every((t) => t.errorCode === "TOOL_BUDGET_EXHAUSTED")).toBe(true);
    expectEveryCallAnswered(h.chat.history as never);
  });

  it("[L1] the budget is per user message", async () => {
    const h = await start(
      [
        toolCallReply(calls(1, 10)),
        textReply("first"),
        toolCallReply(calls(11, 1)),
        textReply("second"),
      ],
      k.session("bracket"),
    );
    await h.chat.send("one");
    const r = await h.chat.send("two");
    expect(r.answer).toBe("second");
    expect(h.server.requests[2]!.body.tool_choice).toBe("auto");
    expect(toolResults(h.server.requests[3]!).at(-1)!.result.ok).toBe(true);
    expectEveryCallAnswered(messagesOf(h.server.requests[3]!));
  });
});
