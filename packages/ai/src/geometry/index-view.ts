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

/** `face:` / `edge:` prefixed form of a name that may come without its prefix. */
export const faceRefOf = (s: string): string => (s.startsWith("face:") ? s : `face:${s}`);
export const edgeRefOf = (s: string): string => (s.startsWith("edge:") ? s : `edge:${s}`);

const byRef = (a: { ref: string }, b: { ref: string }): number => compareCodeUnits(a.ref, b.ref);

export function viewOf(index: TopologyIndex): IndexView {
  const hit = views.get(index);
  if (hit) return hit;
  const faces = [...index.faces].sort(byRef);
  const edges = [...index.edges].sort(byRef);
  const edgesByFace = new Map<string, EdgeInfo[]>();
  for (const edge of edges) {
    for (const face of new Set(edge.faces.map(faceRefOf))) {
      const list = edgesByFace.get(face);
      if (list) list.push(edge);
      else edgesByFace.set(face, [edge]);
    }
  }
  const view: IndexView = {
    faces,
    edges,
    faceByRef: new Map(faces.map((f) => [f.ref, f])),
    edgeByRef: new Map(edges.map((e) => [e.ref, e])),
    edgesByFace,
    orientations: new Map(faces.map((f) => [f, orientationsOf(f)])),
  };
  views.set(index, view);
  return view;
}
