/**
 * Lookup structures over one TopologyIndex, computed once per index (the index is immutable once
 * built) so that queries on a body of thousands of faces stay well under a millisecond or two.
 */
import { compareCodeUnits } from "@kerf/document";
import type { EdgeInfo, FaceInfo, TopologyIndex } from "@kerf/kernel";
import { orientationsOf, type Orientation } from "./orientation.ts";

export interface IndexView {
  /** Sorted by ref in code-unit order (T1: "sorted by ref"). */
  faces: FaceInfo[];
  edges: EdgeInfo[];
  faceByRef: Map<string, FaceInfo>;
  edgeByRef: Map<string, EdgeInfo>;
  /** Canonical face ref → the edges that bound it. */
  edgesByFace: Map<string, EdgeInfo[]>;
  orientations: Map<FaceInfo, Orientation[]>;
}

const views = new WeakMap<TopologyIndex, IndexView>();

/** `face:` prefixed form of a name that may come without its prefix. */
const faceRefOf = (s: string): string => (s.startsWith("face:") ? s : `face:${s}`);

const byRef = (a: { ref: string }, b: { ref: string }): number => compareCodeUnits(a.ref, b.ref);

export function viewOf(index: TopologyIndex): IndexView {
  const hit = views.get(index);
  if (hit) return hit;
  const faces = sortedByRef(index.faces);
  const edges = sortedByRef(index.edges);
  const edgesByFace = new Map<string, EdgeInfo[]>();
  const add = (face: string, edge: EdgeInfo): void => {
    const list = edgesByFace.get(face);
    if (list) list.push(edge);
    else edgesByFace.set(face, [edge]);
  };
  for (const edge of edges) {
    const a = faceRefOf(edge.faces[0]);
    const b = faceRefOf(edge.faces[1]);
    add(a, edge);
    if (b !== a) add(b, edge); // a seam bounds its face once
  }
  const faceByRef = new Map<string, FaceInfo>();
  const orientations = new Map<FaceInfo, Orientation[]>();
  for (const f of faces) {
    faceByRef.set(f.ref, f);
    orientations.set(f, orientationsOf(f));
  }
  const edgeByRef = new Map<string, EdgeInfo>();
  for (const e of edges) edgeByRef.set(e.ref, e);
  const view: IndexView = { faces, edges, faceByRef, edgeByRef, edgesByFace, orientations };
  views.set(index, view);
  return view;
}

/** A sorted copy; the kernel usually lists them sorted already, which is checked in one pass. */
function sortedByRef<T extends { ref: string }>(items: readonly T[]): T[] {
  for (let i = 1; i < items.length; i++) {
    if (byRef(items[i - 1]!, items[i]!) > 0) return [...items].sort(byRef);
  }
  return [...items];
}
