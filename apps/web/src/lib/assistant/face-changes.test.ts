import { describe, expect, it } from "vitest";
import type { FaceInfo } from "@kerf/kernel";
import { faceChanges } from "./face-changes.ts";

const face = (ref: string, area: number, centroid: [number, number, number]): FaceInfo =>
  ({
    ref,
    featureId: ref.split(":")[1] ?? "",
    surfaceType: "plane",
    area,
    centroid,
    bbox: { min: centroid, max: centroid },
    edgeCount: 4,
  }) as FaceInfo;

describe("faces to highlight in the ghost", () => {
  it("new refs are added, moved or resized faces are changed, equal ones are neither", () => {
    const current = [
      face("face:e1:top", 800, [0, 0, 10]),
      face("face:e1:bottom", 800, [0, 0, 0]),
      face("face:e1:side:r1.left", 200, [-20, 0, 5]),
    ];
    const proposed = [
      face("face:e1:top", 800, [0, 0, 15]),
      face("face:e1:bottom", 800, [0, 0, 0]),
      face("face:e1:side:r1.left", 300, [-20, 0, 7.5]),
      face("face:f1:e1:top|e1:side:r1.left", 12.5, [-19, 0, 14]),
    ];
    expect(faceChanges(current, proposed)).toEqual({
      added: ["face:f1:e1:top|e1:side:r1.left"],
      changed: ["face:e1:top", "face:e1:side:r1.left"],
    });
  });

  it("tolerates rounding noise", () => {
    const a = [face("face:e1:top", 800, [0, 0, 10])];
    const b = [face("face:e1:top", 800.0000001, [0, 1e-7, 10])];
    expect(faceChanges(a, b)).toEqual({ added: [], changed: [] });
  });
});
