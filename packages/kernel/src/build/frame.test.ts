import { describe, expect, it } from "vitest";
import { BASE_FRAMES, faceFrame, offsetFrame, toWorld, vcross } from "./frame.ts";

describe("sketch frames (D4)", () => {
  it("[D4] base frames are right-handed: x × y = normal", () => {
    for (const f of Object.values(BASE_FRAMES)) expect(vcross(f.xDir, f.yDir)).toEqual(f.normal);
  });

  it("[D4.1] a face facing +Z: x = X, y = n × x, origin = projection of 0", () => {
    const f = faceFrame([0, 0, 1], [5, 7, 6]);
    expect(f.origin).toEqual([0, 0, 6]);
    expect(f.xDir).toEqual([1, 0, 0]);
    expect(f.yDir).toEqual([0, 1, 0]);
  });

  it("[D4.1] a face facing -Y: y = Z, x = y × n", () => {
    const f = faceFrame([0, -1, 0], [3, -4, 1]);
    expect(f.origin.map((v) => v + 0)).toEqual([0, -4, 0]);
    expect(f.yDir).toEqual([0, 0, 1]);
    expect(f.xDir).toEqual([1, 0, 0]);
    expect(vcross(f.xDir, f.yDir)).toEqual(f.normal);
  });

  it("[D4] offset moves along the normal; toWorld maps sketch coordinates", () => {
    const f = offsetFrame(BASE_FRAMES.XZ, 2);
    expect(f.origin.map((v) => v + 0)).toEqual([0, -2, 0]);
    expect(toWorld(BASE_FRAMES.XZ, 3, 4)).toEqual([3, 0, 4]);
  });
});
