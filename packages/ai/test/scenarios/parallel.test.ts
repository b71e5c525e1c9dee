import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultTools, defineTool, ok } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { useKernel } from "../kernel.ts";
import { expectEveryCallAnswered, messagesOf, toolResults, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

describe("L4 parallel calls", () => {
  it("[L4] three calls in one response run concurrently; results go back in call order", async () => {
    let running = 0;
    let peak = 0;
    const finished: string[] = [];
    const wait = defineTool({
      name: "wait",
      description: "Wait ms then answer.",
      schema: z.strictObject({ name: z.string(), ms: z.number() }),
      readOnly: true,
      run: async ({ name, ms }) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, ms));
        running--;
        finished.push(name);
        return ok({ name });
      },
    });
    const h = await start(
      [
        toolCallReply([
          { id: "a", name: "wait", args: { name: "slow", ms: 300 } },
          { id: "b", name: "wait", args: { name: "fast", ms: 20 } },
          { id: "c", name: "wait", args: { name: "mid", ms: 120 } },
        ]),
        textReply("done"),
      ],
      k.session("plate"),
      [wait],
    );
    const at: Record<string, number> = {};
    await h.chat.send("x", {
      onEvent: (e) => {
        if (e.type === "tool-start") at.firstStart ??= performance.now();
        if (e.type === "tool-end") at.lastEnd = performance.now();
      },
    });
    // All three were running at once, finished in their own time...
    expect(peak).toBe(3);
    expect(finished).toEqual(["fast", "mid", "slow"]);
    // ...and the tool phase took about the slowest call, not the sum (300 + 20 + 120).
    expect(at.lastEnd! - at.firstStart!).toBeLessThan(440);
    // Results go back in call order, not finishing order.
    const results = toolResults(h.server.requests[1]!);
    expect(results.map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(results.map((r) => r.result.data.name)).toEqual(["slow", "fast", "mid"]);
    expectEveryCallAnswered(messagesOf(h.server.requests[1]!));
  });

  it("[L4] three real geometry calls in parallel answer in call order", async () => {
    const h = await start(
      [
        toolCallReply([
          { id: "g", name: "get_geometry", args: { ref: "body" } },
          { id: "f", name: "find_faces", args: { surfaceType: "cylinder" } },
          { id: "e", name: "find_edges", args: { curveType: "circle" } },
        ]),
        textReply("done"),
      ],
      k.session("bracket"),
      defaultTools,
    );
    await h.chat.send("x");
    const [g, f, e] = toolResults(h.server.requests[1]!);
    expect([g!.id, f!.id, e!.id]).toEqual(["g", "f", "e"]);
    expect(g!.result.data.volume).toBeGreaterThan(0);
    expect(
      f!.result.data.faces.every((x: { surfaceType: string }) => x.surfaceType === "cylinder"),
    ).toBe(true);
    expect(e!.result.data.edges.every((x: { curveType: string }) => x.curveType === "circle")).toBe(
      true,
    );
    expect(h.traces.map((t) => t.step)).toEqual([1, 1, 1]);
    expectEveryCallAnswered(messagesOf(h.server.requests[1]!));
  });
});
