import type { Vec3 } from "@kerf/kernel";

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l === 0 ? v : [v[0] / l, v[1] / l, v[2] / l];
}
