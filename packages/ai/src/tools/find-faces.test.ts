import { describe, expect, it } from "vitest";
import { compareCodeUnits } from "@kerf/document";
import type { FaceInfo } from "@kerf/kernel";
import { useKernel } from "../../test/kernel.ts";
import type { ToolResult } from "../envelope.ts";
import { ToolRunner } from "../runner/runner.ts";
import { defaultTools } from "./index.ts";

const k = useKernel();

type Faces = { total: number; truncated: boolean; faces: FaceInfo[] };

/** find_faces through the runner, as the loop calls it (arguments checked, L3). */
async function findFaces(model: string, args: object): Promise<ToolResult<Faces>> {
  const runner = new ToolRunner(k.session(model), defaultTools);
  const outcome = await runner.run(
    { name: "find_faces", arguments: JSON.stringify(args) },
    new AbortController().signal,
  );
  return outcome.result as ToolResult<Faces>;
}

async function refs(model: string, args: object): Promise<string[]> {
  const r = await findFaces(model, args);
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data.faces.map((f) => f.ref);
}

describe("find_faces on real builds", () => {
  it("[T1][T0] {} lists every face, sorted by ref, with FaceInfo fields", async () => {
    const r = await findFaces("plate", {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.total).toBe(7);
    expect(r.data.truncated).toBe(false);
    const list = r.data.faces.map((f) => f.ref);
    expect(list).toEqual([...list].sort(compareCodeUnits));
    const top = r.data.faces.find((f) => f.ref === "face:e1:top")!;
    expect(top).toMatchObject({
      featureId: "e1",
      surfaceType: "plane",
      normal: [0, 0, 1],
      centroid: [0, 0, 10],
      bbox: { min: [-20, -10, 10], max: [20, 10, 10] },
      edgeCount: 5,
    });
    expect(top.area).toBeCloseTo(800 - 16 * Math.PI, 5);
    expect(top.sketchFrame).toEqual({
      origin: [0, 0, 10],
      xDir: [1, 0, 0],
      yDir: [0, 1, 0],
      normal: [0, 0, 1],
    });
    const hole = r.data.faces.find((f) => f.ref === "face:e1:side:c1")!;
    expect(hole.surfaceType).toBe("cylinder");
    expect(hole.radius).toBeCloseTo(4, 6);
    expect(Math.abs(hole.axis!.direction[2])).toBeCloseTo(1, 6);
  });

  it("[T1] surfaceType filters", async () => {
    expect(await refs("plate", { surfaceType: "cylinder" })).toEqual(["face:e1:side:c1"]);
    expect(await refs("plate", { surfaceType: "plane" })).toHaveLength(6);
    expect(await refs("plate", { surfaceType: "any" })).toHaveLength(7);
    expect(await refs("knob", { surfaceType: "cone" })).toEqual([
      "face:k1:blend[v1:side:p1.0|v1:side:p1.1]",
      "face:v1:side:p1.2",
    ]);
    expect(await refs("plate", { surfaceType: "torus" })).toEqual([]);
  });

  it("[T1.1] orientation by outward normal; side = horizontal normal or a vertical cylinder/cone", async () => {
    expect(await refs("plate", { orientation: "top" })).toEqual(["face:e1:top"]);
    expect(await refs("plate", { orientation: "bottom" })).toEqual(["face:e1:bottom"]);
    expect(await refs("plate", { orientation: "front" })).toEqual(["face:e1:side:r1.bottom"]);
    expect(await refs("plate", { orientation: "back" })).toEqual(["face:e1:side:r1.top"]);
    expect(await refs("plate", { orientation: "left" })).toEqual(["face:e1:side:r1.left"]);
    expect(await refs("plate", { orientation: "right" })).toEqual(["face:e1:side:r1.right"]);
    expect(await refs("plate", { orientation: "side" })).toEqual([
      "face:e1:side:c1",
      "face:e1:side:r1.bottom",
      "face:e1:side:r1.left",
      "face:e1:side:r1.right",
      "face:e1:side:r1.top",
    ]);
    // Knob: the vertical cylinder and cones are side; the pocket's floor points up.
    expect(await refs("knob", { orientation: "side" })).toEqual([
      "face:e1:side:c1",
      "face:k1:blend[v1:side:p1.0|v1:side:p1.1]",
      "face:v1:side:p1.1",
      "face:v1:side:p1.2",
    ]);
    expect(await refs("knob", { orientation: "top" })).toEqual([
      "face:e1:top",
      "face:v1:side:p1.3",
    ]);
    // R2.4: the bracket's extrude "top" cap points -Y (front), whatever its name says.
    expect(await refs("bracket", { orientation: "front" })).toEqual(["face:e1:top"]);
    // A fillet with a horizontal axis is curved and not vertical: it matches only "any".
    const bracketSide = await refs("bracket", { orientation: "side" });
    expect(bracketSide).not.toContain("face:f1:blend[e1:side:p1.2|e1:side:p1.3]");
    expect(bracketSide).toContain("face:e2:side:h1");
  });

  it("[T1] featureId, minArea, maxArea and limit", async () => {
    expect(await refs("bracket", { featureId: "e2" })).toEqual([
      "face:e2:side:h1",
      "face:e2:side:h2",
    ]);
    expect(await refs("bracket", { featureId: "f1" })).toEqual([
      "face:f1:blend[e1:side:p1.2|e1:side:p1.3]",
    ]);
    expect(await refs("plate", { minArea: 700 })).toEqual(["face:e1:bottom", "face:e1:top"]);
    expect(await refs("plate", { maxArea: 250 })).toEqual([
      "face:e1:side:r1.left",
      "face:e1:side:r1.right",
    ]);
    expect(await refs("plate", { minArea: 250, maxArea: 400, surfaceType: "plane" })).toEqual([
      "face:e1:side:r1.bottom",
      "face:e1:side:r1.top",
    ]);
    const limited = await findFaces("plate", { limit: 2 });
    expect(limited.ok && limited.data).toMatchObject({ total: 7, truncated: true });
    expect(limited.ok && limited.data.faces.map((f) => f.ref)).toEqual([
      "face:e1:bottom",
      "face:e1:side:c1",
    ]);
  });

  it("[T1.3] an unknown featureId is an error result listing the features", async () => {
    const r = await findFaces("bracket", { featureId: "e9" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("REF_NOT_FOUND");
    expect(r.error.message).toContain("s1, e1, s2, e2, f1");
    expect(r.error.suggestions).toContain("e1");
  });

  it("[T1.3][L3] contradictory or malformed filters are INVALID_ARGUMENTS", async () => {
    const r = await findFaces("plate", { minArea: 10, maxArea: 5 });
    expect(!r.ok && r.error.code).toBe("INVALID_ARGUMENTS");
    const bad = await findFaces("plate", { orientation: "up", limit: 0 });
    expect(!bad.ok && bad.error.code).toBe("INVALID_ARGUMENTS");
    expect(!bad.ok && (bad.error.issues as { path: string }[]).map((i) => i.path)).toEqual([
      "orientation",
      "limit",
    ]);
  });
});
