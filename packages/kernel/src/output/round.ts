/**
 * Rounding for everything the kernel reports (ai.md T0: numbers rounded to 1e-6). Rounding also
 * turns -0 into 0, so equal geometry prints equal JSON.
 */
import type { BBox, Frame, Vec3 } from "../types.ts";

/** Round to 1e-6 (and -0 → 0). */
export function r6(x: number): number {
  return Math.round(x * 1e6) / 1e6 + 0;
}

export const rv = (v: Vec3): Vec3 => [r6(v[0]), r6(v[1]), r6(v[2])];

export const rbox = (b: BBox): BBox => ({ min: rv(b.min), max: rv(b.max) });

export const rframe = (f: Frame): Frame => ({
  origin: rv(f.origin),
  xDir: rv(f.xDir),
  yDir: rv(f.yDir),
  normal: rv(f.normal),
});
