/**
 * TEST ONLY: a BodyMesh of an axis-aligned box, for the viewer's picking tests (no kernel, no
 * WASM). Faces and edges carry the names references.md R2 gives an extrude `e1` of rectangle
 * `r1` on XY; each face is split into n×n quads so the triangle count can be made large.
 */
import type { BodyMesh, Vec3 } from "@kerf/kernel";

type Side = "bottom" | "top" | "front" | "right" | "back" | "left";

const NAMES: Record<Side, string> = {
  bottom: "e1:bottom",
  top: "e1:top",
  front: "e1:side:r1.bottom",
  right: "e1:side:r1.right",
  back: "e1:side:r1.top",
  left: "e1:side:r1.left",
};

const NORMALS: Record<Side, Vec3> = {
  bottom: [0, 0, -1],
  top: [0, 0, 1],
  front: [0, -1, 0],
  right: [1, 0, 0],
  back: [0, 1, 0],
  left: [-1, 0, 0],
};

const SIDES = Object.keys(NAMES) as Side[];

/** Corners counter-clockwise seen from outside. */
function corners(min: Vec3, max: Vec3, side: Side): [Vec3, Vec3, Vec3, Vec3] {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  switch (side) {
    case "bottom":
      return [[x0, y0, z0], [x0, y1, z0], [x1, y1, z0], [x1, y0, z0]]; // prettier-ignore
    case "top":
      return [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]]; // prettier-ignore
    case "front":
      return [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]]; // prettier-ignore
    case "right":
      return [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]]; // prettier-ignore
    case "back":
      return [[x1, y1, z0], [x0, y1, z0], [x0, y1, z1], [x1, y1, z1]]; // prettier-ignore
    case "left":
      return [[x0, y1, z0], [x0, y0, z0], [x0, y0, z1], [x0, y1, z1]]; // prettier-ignore
  }
}

const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const same = (a: Vec3, b: Vec3) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

export function boxMesh(min: Vec3, max: Vec3, n = 1): BodyMesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const faces: BodyMesh["faces"] = [];
  for (const side of SIDES) {
    const [c0, c1, c2, c3] = corners(min, max, side);
    const base = positions.length / 3;
    const start = indices.length / 3;
    for (let j = 0; j <= n; j++) {
      for (let i = 0; i <= n; i++) {
        positions.push(...lerp(lerp(c0, c1, i / n), lerp(c3, c2, i / n), j / n));
        normals.push(...NORMALS[side]);
      }
    }
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const a = base + j * (n + 1) + i;
        indices.push(a, a + 1, a + n + 2, a, a + n + 2, a + n + 1);
      }
    }
    faces.push({ ref: `face:${NAMES[side]}`, start, count: n * n * 2 });
  }
  // One edge per pair of sides sharing two corners, named `edge:<a>|<b>` with a < b.
  const edges: BodyMesh["edges"] = [];
  const seen = new Set<string>();
  for (const side of SIDES) {
    const cs = corners(min, max, side);
    cs.forEach((a, i) => {
      const b = cs[(i + 1) % 4]!;
      const other = SIDES.find((o) => {
        const os = corners(min, max, o);
        return o !== side && os.some((p) => same(p, a)) && os.some((p) => same(p, b));
      });
      if (!other) return;
      const ref = `edge:${[NAMES[side], NAMES[other]].sort().join("|")}`;
      if (seen.has(ref)) return;
      seen.add(ref);
      edges.push({ ref, positions: new Float32Array([...a, ...b]) });
    });
  }
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    indices: new Uint32Array(indices),
    faces,
    edges,
  };
}
