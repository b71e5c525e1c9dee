import { afterEach, describe, expect, it } from "vitest";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { staticSession } from "../interim-support.ts";
import { harness, sleepTool, toolResults, type Harness } from "../support.ts";

let h: Harness | undefined;
afterEach(async () => h?.server.close());

describe("tool timeout", () => {
  it("[T0][T1.3] a tool that outlives its timeout answers TOOL_TIMEOUT and the loop goes on", async () => {
    h = await harness(
      [
        toolCallReply([{ id: "s1", name: "sleep", args: { ms: 60_000 } }]),
        textReply("That took too long."),
      ],
      staticSession(),
      [sleepTool(50)],
    );
    const started = performance.now();
    const r = await h.chat.send("wait a minute");
    expect(performance.now() - started).toBeLessThan(2_000);
    h.server.assertDone();
    expect(r.answer).toBe("That took too long.");
    const [res] = toolResults(h.server.requests[1]!);
    expect(res!.result).toMatchObject({ ok: false, error: { code: "TOOL_TIMEOUT" } });
    expect(h.traces[0]).toMatchObject({
      tool: "sleep",
      ok: false,
      errorCode: "TOOL_TIMEOUT",
      cached: false,
    });
  });
});
