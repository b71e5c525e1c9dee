import { describe, expect, it } from "vitest";
import { example, useKernel } from "../../test/kernel.ts";
import type { ToolResult } from "../envelope.ts";
import { ToolRunner } from "../runner/runner.ts";
import type { NodeSession } from "../node-session.ts";
import { defaultTools } from "./index.ts";

const k = useKernel();
const PLATE = example("plate");
const THICKER = PLATE.replace('distance="10"', 'distance="15"');

async function call(
  session: NodeSession,
  tool: string,
  args: object,
  signal = new AbortController().signal,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are inspected freely
): Promise<ToolResult<any>> {
  const runner = new ToolRunner(session, defaultTools);
  return (await runner.run({ name: tool, arguments: JSON.stringify(args) }, signal)).result;
}
const preview = (session: NodeSession, xml: string, summary = "a change") =>
  call(session, "preview_change", { xml, summary });

describe("preview_change on real builds", () => {
  it("[T1][L7] validates, builds in a sandbox, diffs against the current document; nothing changes", async () => {
    const session = k.session("plate");
    const liveBefore = await session.currentBuild();
    const revision = session.document().revision;
    const r = await preview(session, THICKER, "Make the plate 5 mm thicker");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.data).sort()).toEqual(
      ["baseRevision", "body", "build", "changeId", "diff", "errors", "status", "valid"].sort(),
    );
    expect(r.data).toMatchObject({
      changeId: "c1",
      baseRevision: revision,
      valid: true,
      errors: [],
      status: "awaiting_user",
      build: {
        features: [
          { id: "s1", status: "ok" },
          { id: "e1", status: "ok" },
        ],
      },
    });
    expect(r.data.diff).toMatchObject({ added: [], removed: [], moved: [] });
    expect(r.data.diff.modified).toHaveLength(1);
    expect(JSON.stringify(r.data.diff.modified[0])).toMatch(/"e1".*distance.*"10".*"15"/);
    expect(r.data.body.before.volume).toBeCloseTo(7497.345175, 5);
    expect(r.data.body.after.volume).toBeCloseTo(7497.345175 * 1.5, 4);
    expect(r.data.body.after.bbox.max[2]).toBe(15);

    // The live document and build are untouched; the tools still see the current body.
    expect(session.document().revision).toBe(revision);
    expect(await session.currentBuild()).toBe(liveBefore);
    const top = await call(session, "get_geometry", { ref: "face:e1:top" });
    expect(top.ok && top.data.centroid).toEqual([0, 0, 10]);
    // Recorded as a preview awaiting the user, with its sandbox build.
    const stored = session.previews.get("c1")!;
    expect(stored).toMatchObject({
      summary: "Make the plate 5 mm thicker",
      status: "awaiting_user",
    });
    expect(stored.build.body!.bbox.max[2]).toBe(15);
    expect(stored.build.mesh).toBeNull();
  });

  it("[T1][L7] every call is a new preview (never cached); changeIds count up", async () => {
    const session = k.session("plate");
    const a = await preview(session, THICKER);
    const b = await preview(session, THICKER);
    expect([a.ok && a.data.changeId, b.ok && b.data.changeId]).toEqual(["c1", "c2"]);
  });

  it("[T1][D6] an invalid document gets no changeId: valid false with the errors, nothing recorded", async () => {
    const session = k.session("plate");
    const r = await preview(session, PLATE.replace('distance="10"', 'distance="ten"'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      changeId: null,
      valid: false,
      status: "invalid",
      diff: { added: [], removed: [], modified: [], moved: [] },
      build: { features: [] },
      body: { after: null },
    });
    expect(r.data.errors.map((e: { code: string }) => e.code)).toEqual(["BAD_VALUE"]);
    expect(session.previews.list()).toEqual([]);
  });

  it("[T1.3] the current document again is INVALID_ARGUMENTS", async () => {
    const session = k.session("plate");
    const r = await preview(session, PLATE.replace(/\n\s*/g, " "));
    expect(!r.ok && r.error.code).toBe("INVALID_ARGUMENTS");
  });

  it("[T1][D5.4] a valid document whose features fail is a preview; the failures carry their codes", async () => {
    const session = k.session("bracket");
    // A second fillet on the edge f1 already replaced: REF_CONSUMED at build time.
    const xml = example("bracket").replace(
      "  </features>",
      '    <fillet id="f2" edges="edge:e1:side:p1.2|e1:side:p1.3" radius="1"/>\n  </features>',
    );
    const r = await preview(session, xml, "fillet again");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({ changeId: "c1", valid: true, status: "awaiting_user" });
    const f2 = r.data.build.features.find((f: { id: string }) => f.id === "f2");
    expect(f2).toMatchObject({ status: "error", error: { code: "REF_CONSUMED" } });
    expect(f2.error.message).toContain("f1");
    expect(r.data.diff.added).toEqual(["f2"]);
  });

  it("[L4] two previews in parallel do not cancel each other", async () => {
    const session = k.session("plate");
    const runner = new ToolRunner(session, defaultTools);
    const signal = new AbortController().signal;
    const thinner = PLATE.replace('distance="10"', 'distance="5"');
    const [a, b] = await Promise.all([
      runner.run(
        { name: "preview_change", arguments: JSON.stringify({ xml: THICKER, summary: "a" }) },
        signal,
      ),
      runner.run(
        { name: "preview_change", arguments: JSON.stringify({ xml: thinner, summary: "b" }) },
        signal,
      ),
    ]);
    expect(a.result.ok && b.result.ok).toBe(true);
    expect(session.previews.get("c1")!.build.body!.bbox.max[2]).toBe(15);
    expect(session.previews.get("c2")!.build.body!.bbox.max[2]).toBe(5);
  });

  it("[L6] an aborted message previews nothing", async () => {
    const session = k.session("plate");
    const controller = new AbortController();
    controller.abort();
    const r = await call(
      session,
      "preview_change",
      { xml: THICKER, summary: "x" },
      controller.signal,
    );
    expect(!r.ok && r.error.code).toBe("ABORTED");
    expect(session.previews.list()).toEqual([]);
  });
});
