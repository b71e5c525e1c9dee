import { describe, expect, it } from "vitest";
import { defaultTools } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { useKernel } from "../kernel.ts";
import {
  expectEveryCallAnswered,
  messagesOf,
  sleepTool,
  toolResults,
  useHarness,
} from "../support.ts";

const k = useKernel();
const start = useHarness();

describe("tool timeout", () => {
  it("[T0][T1.3] a tool that outlives its timeout answers TOOL_TIMEOUT and the loop goes on", async () => {
    const h = await start(
      [
        toolCallReply([
          { id: "s1", name: "sleep", args: { ms: 60_000 } },
          { id: "g1", name: "get_geometry", args: { ref: "body" } },
        ]),
        textReply("That took too long."),
      ],
      k.session("plate"),
      [...defaultTools, sleepTool(50)],
    );
    const started = performance.now();
    const r = await h.chat.send("wait a minute");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(r.answer).toBe("That took too long.");
    const [slept, body] = toolResults(h.server.requests[1]!);
    expect(slept!.result).toMatchObject({ ok: false, error: { code: "TOOL_TIMEOUT" } });
    expect(slept!.result.error.message).toMatch(/did not finish within .* s/);
    // The other call of the same response is unaffected.
    expect(body!.result.ok).toBe(true);
    expect(h.traces.find((t) => t.tool === "sleep")).toMatchObject({
      tool: "sleep",
      ok: false,
      errorCode: "TOOL_TIMEOUT",
      cached: false,
    });
    expectEveryCallAnswered(messagesOf(h.server.requests[1]!));
  });
});
