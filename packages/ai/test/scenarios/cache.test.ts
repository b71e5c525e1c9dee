import { describe, expect, it } from "vitest";
import { applyDocument } from "@kerf/document";
import {
  defaultTools,
  findFacesTool,
  getCurrentSelectionTool,
  getGeometryTool,
} from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { example, useKernel } from "../kernel.ts";
import { counting, toolResults, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

/** The six tools, with find_faces, get_geometry and get_current_selection counting their runs. */
function countedTools() {
  const faces = counting(findFacesTool);
  const geometry = counting(getGeometryTool);
  const selection = counting(getCurrentSelectionTool);
  const swap = new Map<string, unknown>([
    [faces.name, faces],
    [geometry.name, geometry],
    [selection.name, selection],
  ]);
  const tools = defaultTools.map((t) => (swap.get(t.name) ?? t) as typeof t);
  return { tools, faces, geometry, selection };
}

const TOP = { surfaceType: "plane", orientation: "top" };

describe("L2 cache (real tools, bracket)", () => {
  it("[L2] a repeated call is a cache hit: same data, cached: true, no second run", async () => {
    const { tools, faces } = countedTools();
    const h = await start(
      [
        toolCallReply([{ id: "c1", name: "find_faces", args: TOP }]),
        // Same arguments in another key order and with an explicit null: canonically equal.
        toolCallReply([
          {
            id: "c2",
            name: "find_faces",
            args: { orientation: "top", limit: null, surfaceType: "plane" },
          },
        ]),
        textReply("done"),
      ],
      k.session("bracket"),
      tools,
    );
    await h.chat.send("top faces?");
    const [first, second] = toolResults(h.server.requests[2]!);
    expect(first!.result.meta).toBeUndefined();
    expect(second!.result.meta).toEqual({ cached: true });
    expect(second!.result.data).toEqual(first!.result.data);
    expect(first!.result.data.total).toBeGreaterThan(0);
    expect(faces.runs).toBe(1);
    expect(h.traces.map((t) => t.cached)).toEqual([false, true]);
    // No wall-clock bound here: `runs === 1` proves the hit, and a 5 ms bound failed on a loaded
    // 2-core machine. Cache-hit latency is measured in bench/ai-tools.ts.
  });

  it("[L2] the cache lasts the conversation, across user messages", async () => {
    const { tools, geometry } = countedTools();
    const body = { name: "get_geometry", args: { ref: "body" } };
    const h = await start(
      [
        toolCallReply([{ id: "a", ...body }]),
        textReply("one"),
        toolCallReply([{ id: "b", ...body }]),
        textReply("two"),
      ],
      k.session("bracket"),
      tools,
    );
    await h.chat.send("volume?");
    await h.chat.send("volume again?");
    expect(geometry.runs).toBe(1);
    expect(toolResults(h.server.requests[3]!).at(-1)!.result.meta).toEqual({ cached: true });
  });

  it("[L2] a changed document is never answered from an older revision's entry", async () => {
    const { tools, geometry } = countedTools();
    const session = k.session("bracket");
    const body = { name: "get_geometry", args: { ref: "body" } };
    const h = await start(
      [
        toolCallReply([{ id: "a", ...body }]),
        textReply("one"),
        toolCallReply([{ id: "b", ...body }]),
        textReply("two"),
      ],
      session,
      tools,
    );
    await h.chat.send("volume?");
    // The user makes the bracket thicker (30 → 40 mm) between the two messages.
    const thicker = example("bracket").replace('distance="30"', 'distance="40"');
    expect(applyDocument(session.doc, thicker, "user").ok).toBe(true);
    await h.chat.send("and now?");
    expect(geometry.runs).toBe(2);
    const before = toolResults(h.server.requests[1]!)[0]!.result;
    const after = toolResults(h.server.requests[3]!).at(-1)!.result;
    expect(after.meta).toBeUndefined();
    expect(before.data.bbox).toEqual({ min: [0, -15, 0], max: [60, 15, 40] });
    expect(after.data.bbox).toEqual({ min: [0, -20, 0], max: [60, 20, 40] });
    expect(after.data.volume).toBeGreaterThan(before.data.volume);
  });

  it("[L2] get_current_selection is keyed by the selection revision too", async () => {
    const { tools, selection } = countedTools();
    const session = k.session("bracket", ["face:e1:side:p1.2"]);
    const call = (id: string) => toolCallReply([{ id, name: "get_current_selection", args: {} }]);
    const h = await start(
      [call("a"), textReply("one"), call("b"), textReply("two"), call("c"), textReply("three")],
      session,
      tools,
    );
    await h.chat.send("what is selected?");
    await h.chat.send("and now?");
    session.setSelection(["e2"]);
    await h.chat.send("and now?");
    expect(selection.runs).toBe(2);
    const last = toolResults(h.server.requests[5]!).at(-1)!.result;
    expect(last.meta).toBeUndefined();
    expect(last.data.selection.map((s: { ref: string }) => s.ref)).toEqual(["e2"]);
  });

  it("[L2] failures are not cached", async () => {
    const { tools, geometry } = countedTools();
    const bad = { name: "get_geometry", args: { ref: "face:e1:nowhere" } };
    const h = await start(
      [toolCallReply([{ id: "a", ...bad }]), toolCallReply([{ id: "b", ...bad }]), textReply("x")],
      k.session("bracket"),
      tools,
    );
    await h.chat.send("?");
    expect(geometry.runs).toBe(2);
    expect(h.traces.map((t) => [t.ok, t.cached])).toEqual([
      [false, false],
      [false, false],
    ]);
  });
});
