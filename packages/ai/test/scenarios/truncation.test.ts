import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, MAX_RESULT_CHARS, ok } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { staticSession } from "../interim-support.ts";
import { harness, type Harness } from "../support.ts";

let h: Harness | undefined;
afterEach(async () => h?.server.close());

const huge = defineTool({
  name: "huge",
  description: "A big answer.",
  schema: z.strictObject({}),
  readOnly: true,
  truncationHint: "Use a filter.",
  run: async () =>
    ok({
      total: 3000,
      items: Array.from({ length: 3000 }, (_, i) => ({
        ref: `face:e${i}:top`,
        area: i * 1.5,
        centroid: [i, i, i],
      })),
      small: [1, 2, 3],
    }),
});

describe("L5 result size", () => {
  it("[L5] a result over 16,000 characters reaches the model shortened, valid JSON, with meta.truncated", async () => {
    h = await harness(
      [toolCallReply([{ id: "h1", name: "huge", args: {} }]), textReply("ok")],
      staticSession(),
      [huge],
    );
    await h.chat.send("everything");
    h.server.assertDone();
    const message = h.server.requests[1]!.body.messages.find(
      (m: { role: string }) => m.role === "tool",
    );
    expect(message.content.length).toBeLessThanOrEqual(MAX_RESULT_CHARS);
    const sent = JSON.parse(message.content);
    expect(sent.ok).toBe(true);
    expect(sent.data.items.length).toBeGreaterThan(50);
    expect(sent.data.items.length).toBeLessThan(3000);
    expect(sent.data.small).toEqual([1, 2, 3]);
    expect(sent.meta.truncated).toMatchObject({ total: 3000, returned: sent.data.items.length });
    expect(sent.meta.truncated.hint).toMatch(/Use a filter/);
    // The full result stays in the trace.
    const full = h.traces[0]!.result as { ok: true; data: { items: unknown[] } };
    expect(full.data.items).toHaveLength(3000);
  });
});
