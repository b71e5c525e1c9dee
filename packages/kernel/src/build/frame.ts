/**
 * Sketch frames (document.md D4, D4.1). Pure vector math; the OpenCascade side (reading a planar
 * face's plane) lives in ../naming/geometry.ts.
 */
import type { Frame, Vec3 } from "../types.ts";

export const vadd = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const vsub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const vscale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const vdot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const vcross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const vlen = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export const vnorm = (a: Vec3): Vec3 => vscale(a, 1 / vlen(a));

/** The three base planes (D4). */
export const BASE_FRAMES: Record<"XY" | "XZ" | "YZ", Frame> = {
  XY: { origin: [0, 0, 0], xDir: [1, 0, 0], yDir: [0, 1, 0], normal: [0, 0, 1] },
  XZ: { origin: [0, 0, 0], xDir: [1, 0, 0], yDir: [0, 0, 1], normal: [0, -1, 0] },
  YZ: { origin: [0, 0, 0], xDir: [0, 1, 0], yDir: [0, 0, 1], normal: [1, 0, 0] },
};

/**
 * D4.1: the frame of a planar face with outward normal `n` through point `p`: origin = the world
 * origin projected onto the plane; y = Z projected (or, for faces facing ±Z, x = X projected).
 */
export function faceFrame(n: Vec3, p: Vec3): Frame {
  const normal = vnorm(n);
  const origin = vscale(normal, vdot(p, normal));
  const Z: Vec3 = [0, 0, 1];
  const X: Vec3 = [1, 0, 0];
  let xDir: Vec3;
  let yDir: Vec3;
  if (Math.abs(vdot(normal, Z)) < 0.9999) {
    yDir = vnorm(vsub(Z, vscale(normal, vdot(Z, normal))));
    xDir = vcross(yDir, normal);
  } else {
    xDir = vnorm(vsub(X, vscale(normal, vdot(X, normal))));
    yDir = vcross(normal, xDir);
  }
  return { origin: clean(origin), xDir: clean(xDir), yDir: clean(yDir), normal: clean(normal) };
}

/** -0 → 0, so frames compare and print cleanly. */
const clean = (v: Vec3): Vec3 => [v[0] + 0, v[1] + 0, v[2] + 0];

/** The frame moved by `d` along its normal (the sketch `offset`, D4). */
export function offsetFrame(f: Frame, d: number): Frame {
  return d === 0 ? f : { ...f, origin: vadd(f.origin, vscale(f.normal, d)) };
}

/** A sketch point in world coordinates. */
export function toWorld(f: Frame, x: number, y: number): Vec3 {
  return vadd(f.origin, vadd(vscale(f.xDir, x), vscale(f.yDir, y)));
}
