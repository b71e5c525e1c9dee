/**
 * Which faces of a proposed body are new or changed compared with the current one, for the
 * ghost preview's highlight: a ref the current body does not have is new; a ref both have whose
 * area, centroid or surface type differ is changed.
 */
import type { FaceInfo } from "@kerf/kernel";

export interface FaceChanges {
  added: string[];
  changed: string[];
}

const close = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol;

export function faceChanges(
  current: readonly FaceInfo[],
  proposed: readonly FaceInfo[],
  tolerance = 1e-4,
): FaceChanges {
  const now = new Map(current.map((f) => [f.ref, f]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const f of proposed) {
    const c = now.get(f.ref);
    if (!c) {
      added.push(f.ref);
      continue;
    }
    const areaTol = Math.max(tolerance, Math.abs(c.area) * 1e-6);
    const same =
      c.surfaceType === f.surfaceType &&
      close(c.area, f.area, areaTol) &&
      c.centroid.every((v, i) => close(v, f.centroid[i] ?? NaN, tolerance));
    if (!same) changed.push(f.ref);
  }
  return { added, changed };
}
