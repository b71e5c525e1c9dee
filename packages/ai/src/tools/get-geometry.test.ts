import { describe, expect, it } from "vitest";
import { example, useKernel } from "../../test/kernel.ts";
import type { ToolResult } from "../envelope.ts";
import { ToolRunner } from "../runner/runner.ts";
import { defaultTools } from "./index.ts";

const k = useKernel();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are inspected freely
async function run(model: string, tool: string, args: object): Promise<ToolResult<any>> {
  const runner = new ToolRunner(k.session(model), defaultTools);
  const outcome = await runner.run(
    { name: tool, arguments: JSON.stringify(args) },
    new AbortController().signal,
  );
  return outcome.result;
}
const geometry = (model: string, ref: string) => run(model, "get_geometry", { ref });

const BLOCK = `<model version="1" units="mm" name="Slotted block">
  <features>
    <sketch id="s1" plane="XY"><rect id="r1" x="-20" y="-10" width="40" height="20"/></sketch>
    <extrude id="e1" sketch="s1" distance="10"/>
    <sketch id="s2" plane="face:e1:top"><rect id="r2" x="-2" y="-15" width="4" height="30"/></sketch>
    <extrude id="e2" sketch="s2" distance="3" direction="reverse" op="cut"/>
  </features>
</model>`;

describe("get_geometry on real builds", () => {
  it("[T1] a face ref gives its FaceInfo, the same one find_faces lists", async () => {
    const face = await geometry("plate", "face:e1:side:r1.right");
    const listed = await run("plate", "find_faces", { orientation: "right" });
    expect(face.ok && listed.ok).toBe(true);
    expect(face.ok && face.data).toEqual(listed.ok && listed.data.faces[0]);
    expect(face.ok && face.data).toMatchObject({
      surfaceType: "plane",
      area: 200,
      normal: [1, 0, 0],
      centroid: [20, 0, 5],
      // D4.1: |n·Z| < 0.9999, so y = Z projected, x = y × n.
      sketchFrame: { origin: [20, 0, 0], xDir: [0, 1, 0], yDir: [0, 0, 1], normal: [1, 0, 0] },
    });
  });

  it("[T1] an edge ref gives its EdgeInfo", async () => {
    const r = await geometry("bracket", "edge:e1:side:p1.0|e1:side:p1.5");
    expect(r.ok && r.data).toMatchObject({
      ref: "edge:e1:side:p1.0|e1:side:p1.5",
      curveType: "line",
      length: 30,
      midpoint: [0, 0, 0],
      convexity: "convex",
      faces: ["face:e1:side:p1.0", "face:e1:side:p1.5"],
    });
  });

  it("[T1] a feature id gives {id, type, status, faces}", async () => {
    const r = await geometry("bracket", "e2");
    expect(r).toEqual({
      ok: true,
      data: {
        id: "e2",
        type: "extrude",
        status: "ok",
        faces: ["face:e2:side:h1", "face:e2:side:h2"],
      },
    });
    const sketch = await geometry("bracket", "s1");
    expect(sketch.ok && sketch.data).toEqual({ id: "s1", type: "sketch", status: "ok", faces: [] });
    const failed = await geometry(example("bracket").replace('radius="4"', 'radius="400"'), "f1");
    expect(failed.ok && failed.data).toMatchObject({ id: "f1", status: "error", faces: [] });
    expect(failed.ok && failed.data.error.code).toMatch(/^[A-Z_]+$/);
  });

  it("[T1] body gives {volume, area, bbox, centerOfMass, faceCount, edgeCount}", async () => {
    const r = await geometry("plate", "body");
    expect(r).toEqual({
      ok: true,
      data: {
        volume: 7497.345175,
        area: 2950.796447,
        bbox: { min: [-20, -10, 0], max: [20, 10, 10] },
        centerOfMass: [0, 0, 5],
        faceCount: 7,
        edgeCount: 15,
      },
    });
    const none = await geometry(
      `<model version="1" units="mm" name="Empty"><features><sketch id="s1" plane="XY"/></features></model>`,
      "body",
    );
    expect(!none.ok && none.error.code).toBe("NO_BODY");
  });

  it("[T1][R3.1] a ref naming several pieces gives the first plus every piece", async () => {
    const r = await geometry(BLOCK, "face:e1:top");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const pieces = r.data.pieces as { ref: string; centroid: number[]; fragile?: boolean }[];
    expect(pieces.map((p) => p.ref)).toEqual(["face:e1:top@1", "face:e1:top@2"]);
    expect(pieces.every((p) => p.fragile)).toBe(true);
    expect(pieces[0]!.centroid[0]).toBeLessThan(pieces[1]!.centroid[0]!);
    expect(r.data.ref).toBe("face:e1:top@1");
    const one = await geometry(BLOCK, "face:e1:top@2");
    expect(one.ok && one.data).toEqual(pieces[1]);
  });

  it("[T1.3][R3.3] ref errors are results with the R3.3 codes and nearby valid refs", async () => {
    const typo = await geometry("plate", "face:e1:side:r1.lefft");
    expect(typo).toMatchObject({ ok: false, error: { code: "REF_NOT_FOUND" } });
    expect(!typo.ok && (typo.error.suggestions as string[])[0]).toBe("face:e1:side:r1.left");

    const consumed = await geometry("bracket", "edge:e1:side:p1.2|e1:side:p1.3");
    expect(consumed).toMatchObject({
      ok: false,
      error: {
        code: "REF_CONSUMED",
        byFeature: "f1",
        replacedBy: ["face:f1:blend[e1:side:p1.2|e1:side:p1.3]"],
      },
    });

    const suppressed = example("bracket").replace(
      '<fillet id="f1"',
      '<fillet id="f1" suppressed="true"',
    );
    const s = await geometry(suppressed, "face:f1:blend[e1:side:p1.2|e1:side:p1.3]");
    expect(!s.ok && s.error.code).toBe("REF_SUPPRESSED");

    const broken = example("bracket").replace('radius="4"', 'radius="400"');
    const f = await geometry(broken, "face:f1:blend[e1:side:p1.2|e1:side:p1.3]");
    expect(!f.ok && f.error.code).toBe("REF_FAILED");

    const bad = await geometry("plate", "face:e1:sideways");
    expect(!bad.ok && bad.error.code).toBe("BAD_REF");

    const feature = await geometry("plate", "e7");
    expect(feature).toMatchObject({ ok: false, error: { code: "REF_NOT_FOUND" } });
    expect(!feature.ok && feature.error.suggestions).toContain("e1");
  });
});
