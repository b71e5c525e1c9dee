/** Snapping a cursor in the sketch plane: to existing points first, then to the grid. */
import type { Vec2 } from "./geometry.ts";

export type Snap = { point: Vec2; kind: "point" | "grid" | "free" };

/**
 * @param tolerance distance (sketch units) within which a candidate point wins
 * @param grid grid step, or 0 for no grid snapping
 */
export function snap(p: Vec2, candidates: readonly Vec2[], tolerance: number, grid: number): Snap {
  let best: Vec2 | null = null;
  let bestD = tolerance;
  for (const c of candidates) {
    const d = Math.hypot(c[0] - p[0], c[1] - p[1]);
    if (d <= bestD) {
      best = c;
      bestD = d;
    }
  }
  if (best) return { point: [best[0], best[1]], kind: "point" };
  if (grid > 0) {
    const g: Vec2 = [Math.round(p[0] / grid) * grid, Math.round(p[1] / grid) * grid];
    const clean = (n: number) => Math.round(n * 1e6) / 1e6 || 0;
    return { point: [clean(g[0]), clean(g[1])], kind: "grid" };
  }
  return { point: p, kind: "free" };
}

/** A grid step (1, 2 or 5 × 10^k mm) that puts grid points at least `minPx` pixels apart. */
export function gridStep(mmPerPixel: number, minPx = 14): number {
  const x = mmPerPixel * minPx;
  const p = Math.pow(10, Math.floor(Math.log10(Math.max(x, 1e-9))));
  const m = x / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}
