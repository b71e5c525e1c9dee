/**
 * Topology helpers built in JS because replicad-opencascadejs 1.1.0 does not bind TopExp's
 * MapShapes / MapShapesAndAncestors, NCollection maps or BRepTools_History: sub-shapes are
 * enumerated with TopExp_Explorer and indexed by `ReplicadShapeHasher.HashCode` + `IsSame`.
 *
 * Ownership: every function here returns shapes the caller owns (track them in a Scope or
 * delete them); inputs are only borrowed.
 */
import type {
  NCollection_List_TopoDS_Shape,
  TopoDS_Compound,
  TopoDS_Edge,
  TopoDS_Face,
  TopoDS_Shape,
  TopoDS_Shell,
  TopoDS_Solid,
  TopoDS_Vertex,
  TopoDS_Wire,
} from "replicad-opencascadejs";
import type { OC } from "./load.ts";

export type ShapeKind = "vertex" | "edge" | "wire" | "face" | "shell" | "solid" | "compound";

const ENUM: Record<ShapeKind, string> = {
  vertex: "TopAbs_VERTEX",
  edge: "TopAbs_EDGE",
  wire: "TopAbs_WIRE",
  face: "TopAbs_FACE",
  shell: "TopAbs_SHELL",
  solid: "TopAbs_SOLID",
  compound: "TopAbs_COMPOUND",
};

export interface ShapeOf {
  vertex: TopoDS_Vertex;
  edge: TopoDS_Edge;
  wire: TopoDS_Wire;
  face: TopoDS_Face;
  shell: TopoDS_Shell;
  solid: TopoDS_Solid;
  compound: TopoDS_Compound;
}

/**
 * Downcast a generic shape (as explorers and history lists return them) to its typed class, which
 * methods such as `MakeFillet.Add(edge)` insist on. Consumes `s` (the cast is a new object).
 */
export function downcast<K extends ShapeKind>(oc: OC, s: TopoDS_Shape, kind: K): ShapeOf[K] {
  const cast: Record<ShapeKind, (x: TopoDS_Shape) => TopoDS_Shape> = {
    vertex: (x) => oc.TopoDS.Vertex(x),
    edge: (x) => oc.TopoDS.Edge(x),
    wire: (x) => oc.TopoDS.Wire(x),
    face: (x) => oc.TopoDS.Face(x),
    shell: (x) => oc.TopoDS.Shell(x),
    solid: (x) => oc.TopoDS.Solid(x),
    compound: (x) => oc.TopoDS.Compound(x),
  };
  const typed = cast[kind](s) as ShapeOf[K];
  s.delete();
  return typed;
}

/** The TopAbs enum value of a kind (this binding uses string enums). */
export function topAbs(oc: OC, kind: ShapeKind): never {
  return oc.TopAbs_ShapeEnum[ENUM[kind] as keyof OC["TopAbs_ShapeEnum"]] as never;
}

/** TopAbs_SHAPE: as `ToAvoid` of an explorer it means "avoid nothing". */
export const SHAPE = (oc: OC): never => oc.TopAbs_ShapeEnum.TopAbs_SHAPE as never;

export const HASH_UPPER = 2147483647;

export function hashOf(oc: OC, s: TopoDS_Shape): number {
  return oc.ReplicadShapeHasher.HashCode(s, HASH_UPPER);
}

/**
 * A map keyed by shape identity in the `IsSame` sense (same TShape and location, any
 * orientation), the role TopTools_IndexedMapOfShape plays in C++. Keys are borrowed: the
 * caller keeps them alive as long as the map is used.
 */
export class ShapeMap<V> {
  private buckets = new Map<number, { key: TopoDS_Shape; value: V }[]>();
  private n = 0;
  constructor(private readonly oc: OC) {}

  private find(key: TopoDS_Shape): { key: TopoDS_Shape; value: V } | undefined {
    const bucket = this.buckets.get(hashOf(this.oc, key));
    return bucket?.find((e) => e.key.IsSame(key));
  }

  get(key: TopoDS_Shape): V | undefined {
    return this.find(key)?.value;
  }

  has(key: TopoDS_Shape): boolean {
    return this.find(key) !== undefined;
  }

  /** Set the value; returns false when the key was already present (value replaced). */
  set(key: TopoDS_Shape, value: V): boolean {
    const h = hashOf(this.oc, key);
    let bucket = this.buckets.get(h);
    if (!bucket) this.buckets.set(h, (bucket = []));
    const hit = bucket.find((e) => e.key.IsSame(key));
    if (hit) {
      hit.value = value;
      return false;
    }
    bucket.push({ key, value });
    this.n++;
    return true;
  }

  get size(): number {
    return this.n;
  }

  *entries(): IterableIterator<[TopoDS_Shape, V]> {
    for (const bucket of this.buckets.values()) for (const e of bucket) yield [e.key, e.value];
  }
}

/**
 * Distinct sub-shapes of `kind` in exploration order (each once, as TopExp::MapShapes would).
 * Returned shapes are owned by the caller.
 */
export function subShapes<K extends ShapeKind>(oc: OC, shape: TopoDS_Shape, kind: K): ShapeOf[K][] {
  const explorer = new oc.TopExp_Explorer(shape, topAbs(oc, kind), SHAPE(oc));
  const seen = new ShapeMap<true>(oc);
  const out: ShapeOf[K][] = [];
  try {
    for (; explorer.More(); explorer.Next()) {
      const s = downcast(oc, explorer.Current(), kind);
      if (seen.set(s, true)) out.push(s);
      else s.delete();
    }
  } finally {
    explorer.delete();
  }
  return out;
}

/** Every occurrence (with orientation) of sub-shapes of `kind`, duplicates included. */
export function occurrences<K extends ShapeKind>(
  oc: OC,
  shape: TopoDS_Shape,
  kind: K,
): ShapeOf[K][] {
  const explorer = new oc.TopExp_Explorer(shape, topAbs(oc, kind), SHAPE(oc));
  const out: ShapeOf[K][] = [];
  try {
    for (; explorer.More(); explorer.Next()) out.push(downcast(oc, explorer.Current(), kind));
  } finally {
    explorer.delete();
  }
  return out;
}

/**
 * The items of an NCollection_List (no iterator is bound: copy, then First/RemoveFirst).
 * Deletes `list` when `consume` is true. Returned shapes are owned by the caller.
 */
export function listItems(
  oc: OC,
  list: NCollection_List_TopoDS_Shape,
  consume = true,
): TopoDS_Shape[] {
  const copy = new oc.NCollection_List_TopoDS_Shape(list);
  const out: TopoDS_Shape[] = [];
  try {
    while (!copy.IsEmpty()) {
      out.push(copy.First());
      copy.RemoveFirst();
    }
  } finally {
    copy.delete();
    if (consume) list.delete();
  }
  return out;
}

/** Build a list from shapes (borrowed). The caller owns the list. */
export function makeList(oc: OC, shapes: TopoDS_Shape[]): NCollection_List_TopoDS_Shape {
  const list = new oc.NCollection_List_TopoDS_Shape();
  for (const s of shapes) list.Append(s).delete();
  return list;
}

/** Delete every shape of an array (helper for owners). */
export function deleteAll(shapes: Iterable<{ delete(): void }>): void {
  for (const s of shapes) s.delete();
}
