import { describe, expect, it } from "vitest";
import { MAX_RESULT_CHARS } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { holePlate, useKernel } from "../kernel.ts";
import { messagesOf, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

describe("L5 result size", () => {
  it("[L5] a huge real result reaches the model shortened, valid JSON, with meta.truncated; the trace keeps it whole", async () => {
    // 36 holes: 6 + 36 faces, well over a hundred edges.
    const h = await start(
      [toolCallReply([{ id: "h1", name: "find_edges", args: { limit: 500 } }]), textReply("ok")],
      k.session(holePlate(6, 6)),
    );
    await h.chat.send("every edge please");
    const message = messagesOf(h.server.requests[1]!).find((m) => m.role === "tool")!;
    const full = h.traces[0]!.result as {
      ok: true;
      data: { total: number; edges: { ref: string }[] };
    };
    expect(JSON.stringify(full).length).toBeGreaterThan(MAX_RESULT_CHARS);
    expect(message.content!.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    const sent = JSON.parse(message.content!);
    expect(sent.ok).toBe(true);
    expect(sent.data.total).toBe(full.data.total);
    expect(sent.data.edges.length).toBeGreaterThan(10);
    expect(sent.data.edges.length).toBeLessThan(full.data.edges.length);
    // The kept edges are the first ones, in ref order.
    expect(sent.data.edges.map((e: { ref: string }) => e.ref)).toEqual(
      full.data.edges.slice(0, sent.data.edges.length).map((e) => e.ref),
    );
    expect(sent.meta.truncated).toMatchObject({
      total: full.data.edges.length,
      returned: sent.data.edges.length,
    });
    // The hint is find_edges' own: how to narrow the query.
    expect(sent.meta.truncated.hint).toMatch(/Narrow the query with faceRef/);
  });
});
