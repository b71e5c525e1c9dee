/**
 * Generated feature trees for the bench: realistic parts of any size, valid by construction.
 *
 * A base block (sketch + extrude) carries a grid of 20 mm cells; each cell gets one group of
 * features sketched on the block's top face (or on a boss's top), the way people model:
 *
 * - pocket:  sketch (rect) → cut 3 mm → chamfer one rim edge
 * - boss:    sketch (circle) → extrude 4 mm → fillet its top edge
 * - hole:    sketch on the boss's top (circle) → cut 5 mm into it and the block
 * - slot:    sketch (rect) → cut 2 mm → fillet both long floor edges
 *
 * Whatever count is left at the end is made up with fillets and chamfers of the block's vertical
 * corners, so the tree has exactly `n` features (n ≥ 4).
 */
import {
  entityId,
  featureId,
  refString,
  type Feature,
  type Model,
  type SketchEntity,
} from "@kerf/document";

const CELL = 20;
const HEIGHT = 10;

const id = featureId;
const ent = entityId;

/** An edge ref between two faces, the names in code-unit order (references.md R1). */
function edge(a: string, b: string): ReturnType<typeof refString> {
  const [x, y] = a < b ? [a, b] : [b, a];
  return refString(`edge:${x}|${y}`);
}

const rect = (eid: string, x: number, y: number, w: number, h: number): SketchEntity => ({
  type: "rect",
  id: ent(eid),
  construction: false,
  x,
  y,
  width: w,
  height: h,
});
const circle = (eid: string, cx: number, cy: number, r: number): SketchEntity => ({
  type: "circle",
  id: ent(eid),
  construction: false,
  cx,
  cy,
  r,
});

const sketch = (fid: string, plane: string, entities: SketchEntity[]): Feature => ({
  type: "sketch",
  id: id(fid),
  suppressed: false,
  plane: plane === "XY" ? "XY" : refString(plane),
  offset: 0,
  entities,
});

const extrude = (
  fid: string,
  sk: string,
  distance: number,
  op: "add" | "cut",
  direction: "normal" | "reverse" = op === "cut" ? "reverse" : "normal",
): Feature => ({
  type: "extrude",
  id: id(fid),
  suppressed: false,
  sketch: id(sk),
  distance,
  direction,
  op,
  extent: "blind",
});

const fillet = (fid: string, edges: string[], radius: number): Feature => ({
  type: "fillet",
  id: id(fid),
  suppressed: false,
  edges: edges.map(refString),
  radius,
});

const chamfer = (fid: string, edges: string[], distance: number): Feature => ({
  type: "chamfer",
  id: id(fid),
  suppressed: false,
  edges: edges.map(refString),
  distance,
});

type Group = (k: number, cx: number, cy: number) => Feature[];

const GROUPS: Group[] = [
  // pocket
  (k, cx, cy) => [
    sketch(`ps${k}`, "face:base:top", [rect(`r${k}`, cx - 6, cy - 4, 12, 8)]),
    extrude(`p${k}`, `ps${k}`, 3, "cut"),
    chamfer(`pc${k}`, [edge("base:top", `p${k}:side:r${k}.top`)], 0.8),
  ],
  // boss
  (k, cx, cy) => [
    sketch(`bs${k}`, "face:base:top", [circle(`c${k}`, cx, cy, 5)]),
    extrude(`b${k}`, `bs${k}`, 4, "add"),
    fillet(`bf${k}`, [edge(`b${k}:side:c${k}`, `b${k}:top`)], 1),
  ],
  // hole in a boss sketched on the boss's own top face
  (k, cx, cy) => [
    sketch(`hb${k}`, "face:base:top", [circle(`hc${k}`, cx, cy, 6)]),
    extrude(`hx${k}`, `hb${k}`, 3, "add"),
    sketch(`hs${k}`, `face:hx${k}:top`, [circle(`h${k}`, cx, cy, 2.5)]),
    extrude(`h${k}`, `hs${k}`, 5, "cut"),
  ],
  // slot with filleted floor edges
  (k, cx, cy) => [
    sketch(`ss${k}`, "face:base:top", [rect(`q${k}`, cx - 7, cy - 2.5, 14, 5)]),
    extrude(`s${k}`, `ss${k}`, 2, "cut"),
    fillet(
      `sf${k}`,
      [edge(`s${k}:top`, `s${k}:side:q${k}.bottom`), edge(`s${k}:top`, `s${k}:side:q${k}.top`)],
      0.6,
    ),
  ],
];

/** The block's vertical corner edges, for the filler blends. */
const CORNERS: [string, string][] = [
  ["left", "bottom"],
  ["bottom", "right"],
  ["right", "top"],
  ["top", "left"],
];

/** A valid, realistic feature tree of exactly `n` features (n ≥ 4). */
export function generateModel(n: number): Model {
  if (n < 4) throw new Error("generateModel: n ≥ 4");
  // Enough cells for the groups (3–4 features each), laid out in a near-square grid.
  const cells = Math.ceil((n - 2) / 3);
  const cols = Math.ceil(Math.sqrt(cells * 1.5));
  const rows = Math.ceil(cells / cols);
  const features: Feature[] = [
    sketch("base_s", "XY", [rect("r0", 0, 0, cols * CELL, rows * CELL)]),
    extrude("base", "base_s", HEIGHT, "add"),
  ];
  let k = 0;
  for (;;) {
    const group = GROUPS[k % GROUPS.length]!(
      k,
      (k % cols) * CELL + CELL / 2,
      Math.floor(k / cols) * CELL + CELL / 2,
    );
    if (features.length + group.length > n) break;
    features.push(...group);
    k++;
  }
  for (let c = 0; features.length < n; c++) {
    const [a, b] = CORNERS[c % 4]!;
    const e = edge(`base:side:r0.${a}`, `base:side:r0.${b}`);
    // The first blend of a corner consumes its edge; a second pass blends the blend's edge
    // with the top, so every filler still finds its edge.
    features.push(
      c < 4
        ? fillet(`corner${c}`, [e], 2)
        : chamfer(`corner${c}`, [edge(`corner${c - 4}:blend[${e.slice(5)}]`, "base:top")], 0.5),
    );
  }
  if (features.length !== n) throw new Error(`generateModel: made ${features.length}, wanted ${n}`);
  return { version: 1, units: "mm", name: `generated-${n}`, features };
}

/**
 * The same model with one numeric parameter of feature `index` changed by `step` (a small,
 * always-valid amount; `step` 0 is the original): a sketch's first entity, an extrude's
 * distance, a blend's size.
 */
export function editModel(model: Model, index: number, step: number): Model {
  const features = model.features.slice();
  const f = features[index];
  if (!f) throw new Error(`editModel: no feature ${index}`);
  const d = step * 0.05;
  let g: Feature;
  switch (f.type) {
    case "sketch": {
      const [first, ...rest] = f.entities;
      let e: SketchEntity | undefined = first;
      if (first?.type === "rect")
        e = { ...first, width: first.width + d, height: first.height + d };
      else if (first?.type === "circle") e = { ...first, r: first.r + d / 2 };
      g = { ...f, entities: e ? [e, ...rest] : rest };
      break;
    }
    case "extrude":
      g = { ...f, distance: (f.distance ?? 1) + d };
      break;
    case "fillet":
      g = { ...f, radius: f.radius + d / 4 };
      break;
    case "chamfer":
      g = { ...f, distance: f.distance + d / 4 };
      break;
    case "revolve":
      g = { ...f, angle: Math.min(360, f.angle - Math.abs(d)) };
      break;
    case "shell":
      g = { ...f, thickness: f.thickness + d / 4 };
      break;
    default: {
      const never: never = f;
      throw new Error(`editModel: ${JSON.stringify(never)}`);
    }
  }
  features[index] = g;
  return { ...model, features };
}
