import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { staticSession } from "../interim-support.ts";
import { expectEveryCallAnswered, harness, toolResults, type Harness } from "../support.ts";

let h: Harness | undefined;
afterEach(async () => h?.server.close());

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
    h = await harness(
      [
        toolCallReply([
          { id: "a", name: "wait", args: { name: "slow", ms: 150 } },
          { id: "b", name: "wait", args: { name: "fast", ms: 10 } },
          { id: "c", name: "wait", args: { name: "mid", ms: 60 } },
        ]),
        textReply("done"),
      ],
      staticSession(),
      [wait],
    );
    const started = performance.now();
    await h.chat.send("x");
    const elapsed = performance.now() - started;
    h.server.assertDone();
    expect(peak).toBe(3);
    expect(finished).toEqual(["fast", "mid", "slow"]);
    expect(elapsed).toBeLessThan(150 + 10 + 60);
    const results = toolResults(h.server.requests[1]!);
    expect(results.map((r) => r.id)).toEqual(["a", "b", "c"]);
    expect(results.map((r) => r.result.data.name)).toEqual(["slow", "fast", "mid"]);
    expectEveryCallAnswered(h.server.requests[1]!.body.messages);
  });
});
