import { describe, expect, it } from "vitest";
import { useKernel } from "../../test/kernel.ts";
import { ToolRunner } from "../runner/runner.ts";
import { defaultTools } from "./index.ts";

const k = useKernel();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- inspected freely
type Geometry = any;

async function selection(model: string, refs: string[]) {
  const runner = new ToolRunner(k.session(model, refs), defaultTools);
  const outcome = await runner.run(
    { name: "get_current_selection", arguments: "{}" },
    new AbortController().signal,
  );
  return outcome.result as
    | {
        ok: true;
        data: {
          count: number;
          selection: {
            kind: string;
            ref: string;
            featureId: string | null;
            note: string;
            geometry: Geometry;
          }[];
        };
      }
    | { ok: false };
}

describe("get_current_selection on real builds", () => {
  it("[T1] nothing selected: count 0", async () => {
    expect(await selection("plate", [])).toEqual({ ok: true, data: { count: 0, selection: [] } });
  });

  it("[T1] faces, edges and features in pick order, each with a one-sentence note and its geometry", async () => {
    const r = await selection("plate", ["face:e1:top", "edge:e1:side:c1|e1:top", "e1"]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.count).toBe(3);
    const [face, edge, feature] = r.data.selection;
    expect(face).toMatchObject({ kind: "face", ref: "face:e1:top", featureId: "e1" });
    expect(face!.note).toBe("planar face, end cap of extrude e1, 749.735 mm², normal +Z");
    expect(face!.geometry).toMatchObject({ ref: "face:e1:top", surfaceType: "plane" });
    expect(edge).toMatchObject({ kind: "edge", featureId: "e1" });
    expect(edge!.note).toBe(
      "circular edge of extrude e1, 25.133 mm long, radius 4 mm, convex, between face:e1:side:c1 and face:e1:top",
    );
    expect(edge!.geometry).toMatchObject({ curveType: "circle", center: [0, 0, 10] });
    expect(feature).toMatchObject({ kind: "feature", ref: "e1", featureId: "e1" });
    expect(feature!.note).toBe("extrude e1 (ok), 7 faces on the body");
    expect(feature!.geometry.faces).toHaveLength(7);
    for (const item of r.data.selection) expect(item.note.split(/[.!?]\s/)).toHaveLength(1);
  });

  it("[T1] a cylinder's note names its radius and axis", async () => {
    const r = await selection("bracket", ["face:e2:side:h1"]);
    expect(r.ok && r.data.selection[0]!.note).toBe(
      "cylindrical face, side from sketch segment h1 of extrude e2, 113.097 mm², radius 3 mm, axis +Z",
    );
  });

  it("[T1.3] a selected ref that no longer resolves says why, without geometry", async () => {
    const r = await selection("bracket", ["edge:e1:side:p1.2|e1:side:p1.3"]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.selection[0]).toMatchObject({ kind: "edge", featureId: null, geometry: null });
    expect(r.data.selection[0]!.note).toMatch(
      /^no longer on the body: .*replaced by face:f1:blend\[e1:side:p1.2\|e1:side:p1.3\]/,
    );
  });
});
