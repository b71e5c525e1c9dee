import { describe, expect, it } from "vitest";
import type { FaceInfo, Vec3 } from "@kerf/kernel";
import { orientationsOf } from "./orientation.ts";

// Unit fixtures for the T1.1 thresholds only; the tools themselves are tested on real builds.
function face(surfaceType: FaceInfo["surfaceType"], extra: Partial<FaceInfo>): FaceInfo {
  return {
    ref: "face:e1:top",
    featureId: "e1",
    surfaceType,
    area: 1,
    centroid: [0, 0, 0],
    bbox: { min: [0, 0, 0], max: [0, 0, 0] },
    edgeCount: 4,
    ...extra,
  };
}
const tilted = (deg: number, about: "x" | "z" = "x"): Vec3 => {
  const r = (deg * Math.PI) / 180;
  return about === "x" ? [0, -Math.sin(r), Math.cos(r)] : [Math.cos(r), Math.sin(r), 0];
};

describe("T1.1 orientation", () => {
  it("[T1.1] planar faces by outward normal within 10°", () => {
    expect(orientationsOf(face("plane", { normal: [0, 0, 1] }))).toEqual(["top"]);
    expect(orientationsOf(face("plane", { normal: tilted(9.9) }))).toEqual(["top"]);
    expect(orientationsOf(face("plane", { normal: tilted(10.1) }))).toEqual([]);
    expect(orientationsOf(face("plane", { normal: [0, 0, -1] }))).toEqual(["bottom"]);
    expect(orientationsOf(face("plane", { normal: [0, -1, 0] }))).toEqual(["front", "side"]);
    expect(orientationsOf(face("plane", { normal: [0, 1, 0] }))).toEqual(["back", "side"]);
    expect(orientationsOf(face("plane", { normal: [-1, 0, 0] }))).toEqual(["left", "side"]);
    expect(orientationsOf(face("plane", { normal: [1, 0, 0] }))).toEqual(["right", "side"]);
    // Horizontal but 45° between +X and +Y: only side.
    expect(orientationsOf(face("plane", { normal: tilted(45, "z") }))).toEqual(["side"]);
    // 81° from +Z towards −Y: within 10° of −Y and of horizontal.
    expect(orientationsOf(face("plane", { normal: tilted(81) }))).toEqual(["front", "side"]);
    // 81° from +Z towards +X+Y: only within 10° of horizontal.
    const s = Math.sin((81 * Math.PI) / 180) / Math.SQRT2;
    expect(
      orientationsOf(face("plane", { normal: [s, s, Math.cos((81 * Math.PI) / 180)] })),
    ).toEqual(["side"]);
  });

  it("[T1.1] vertical cylinders and cones are side; other curved faces only any", () => {
    const axis = (d: Vec3) => ({ origin: [0, 0, 0] as Vec3, direction: d });
    expect(orientationsOf(face("cylinder", { axis: axis([0, 0, -1]) }))).toEqual(["side"]);
    expect(orientationsOf(face("cone", { axis: axis([0, 0, 1]) }))).toEqual(["side"]);
    expect(orientationsOf(face("cylinder", { axis: axis([1, 0, 0]) }))).toEqual([]);
    expect(orientationsOf(face("sphere", { axis: axis([0, 0, 1]) }))).toEqual([]);
    expect(orientationsOf(face("torus", {}))).toEqual([]);
  });
});
