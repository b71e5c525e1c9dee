/**
 * Edge picking by screen-space distance: every edge segment is projected with the camera's
 * view-projection matrix and the one nearest to the pointer (within `maxPx`) wins. Works on plain
 * arrays so it can be measured and tested without a GPU.
 */

export interface EdgeHit {
  segment: number;
  /** Parameter along the segment (0 at its first point). */
  t: number;
  /** Distance to the pointer in CSS pixels. */
  px: number;
  /** World position of the closest point (exact for orthographic cameras). */
  point: [number, number, number];
}

/**
 * @param m column-major 4×4 view-projection matrix (three.js `Matrix4.elements`)
 * @param accept optional filter, e.g. an occlusion test against the face under the pointer
 */
export function nearestSegment(
  segments: Float32Array,
  m: ArrayLike<number>,
  width: number,
  height: number,
  pointerX: number,
  pointerY: number,
  maxPx: number,
  accept?: (hit: EdgeHit) => boolean,
): EdgeHit | null {
  const m0 = m[0]!,
    m1 = m[1]!,
    m3 = m[3]!,
    m4 = m[4]!,
    m5 = m[5]!,
    m7 = m[7]!;
  const m8 = m[8]!,
    m9 = m[9]!,
    m11 = m[11]!,
    m12 = m[12]!,
    m13 = m[13]!,
    m15 = m[15]!;
  const hw = width / 2;
  const hh = height / 2;
  const n = segments.length / 6;
  const candidates: EdgeHit[] = [];
  for (let i = 0; i < n; i++) {
    const o = i * 6;
    const x1 = segments[o]!,
      y1 = segments[o + 1]!,
      z1 = segments[o + 2]!;
    const x2 = segments[o + 3]!,
      y2 = segments[o + 4]!,
      z2 = segments[o + 5]!;
    const w1 = m3 * x1 + m7 * y1 + m11 * z1 + m15;
    const w2 = m3 * x2 + m7 * y2 + m11 * z2 + m15;
    if (w1 <= 0 || w2 <= 0) continue;
    const ax = ((m0 * x1 + m4 * y1 + m8 * z1 + m12) / w1 + 1) * hw;
    const ay = (1 - (m1 * x1 + m5 * y1 + m9 * z1 + m13) / w1) * hh;
    const bx = ((m0 * x2 + m4 * y2 + m8 * z2 + m12) / w2 + 1) * hw;
    const by = (1 - (m1 * x2 + m5 * y2 + m9 * z2 + m13) / w2) * hh;
    // Quick reject by the segment's screen bounding box grown by maxPx.
    if (
      pointerX < Math.min(ax, bx) - maxPx ||
      pointerX > Math.max(ax, bx) + maxPx ||
      pointerY < Math.min(ay, by) - maxPx ||
      pointerY > Math.max(ay, by) + maxPx
    ) {
      continue;
    }
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((pointerX - ax) * dx + (pointerY - ay) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const cx = ax + t * dx - pointerX;
    const cy = ay + t * dy - pointerY;
    const d = Math.sqrt(cx * cx + cy * cy);
    if (d <= maxPx) {
      candidates.push({
        segment: i,
        t,
        px: d,
        point: [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, z1 + (z2 - z1) * t],
      });
    }
  }
  candidates.sort((a, b) => a.px - b.px);
  for (const c of candidates) if (!accept || accept(c)) return c;
  return null;
}
