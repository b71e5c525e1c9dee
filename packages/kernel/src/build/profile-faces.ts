/**
 * Profile regions (2D, ./profile.ts) → planar OpenCascade faces in a sketch frame. Every
 * junction is ONE TopoDS_Vertex shared by the two edges that meet there, and every segment ONE
 * edge: so the wire is built without copies, the face's edges stay IsSame to the edges we made,
 * and the sweep's `Generated(edge)` names each side face after its segment (R2).
 */
import type { TopoDS_Edge, TopoDS_Face, TopoDS_Vertex, TopoDS_Wire } from "replicad-opencascadejs";
import type { OC } from "../oc/load.ts";
import type { Scope } from "../oc/scope.ts";
import { ShapeMap, subShapes } from "../oc/topo.ts";
import type { Frame } from "../types.ts";
import { fail } from "./errors.ts";
import { toWorld } from "./frame.ts";
import type { Seg } from "./geom2d.ts";
import { ax2, plnOf, pnt } from "./occ.ts";
import type { Loop, Profile } from "./profile.ts";

export interface ProfileFaces {
  faces: TopoDS_Face[];
  /** Edge of the faces → the sketch segment it was made from (`r1.top`, `c1`, …). */
  segmentOf: ShapeMap<string>;
}

/** Build the faces of `profile` in `frame`; everything is owned by `sc`. */
export function profileFaces(oc: OC, sc: Scope, profile: Profile, frame: Frame): ProfileFaces {
  const vertices: TopoDS_Vertex[] = profile.nodes.map((p) => {
    const mk = sc.track(new oc.BRepBuilderAPI_MakeVertex(pnt(oc, sc, toWorld(frame, p[0], p[1]))));
    return sc.track(mk.Vertex());
  });
  const made = new Map<Seg, TopoDS_Edge>();

  const edgeOf = (seg: Seg, from: number, to: number, reversed: boolean): TopoDS_Edge => {
    const [va, vb] = reversed ? [to, from] : [from, to];
    let mk;
    if (seg.kind === "line") {
      mk = new oc.BRepBuilderAPI_MakeEdge(vertices[va]!, vertices[vb]!);
    } else {
      const c = toWorld(frame, seg.c[0], seg.c[1]);
      const circ = sc.track(new oc.gp_Circ(ax2(oc, sc, c, frame.normal, frame.xDir), seg.r));
      mk =
        seg.kind === "circle"
          ? new oc.BRepBuilderAPI_MakeEdge(circ)
          : new oc.BRepBuilderAPI_MakeEdge(circ, vertices[va]!, vertices[vb]!);
    }
    sc.track(mk);
    if (!mk.IsDone()) {
      fail("KERNEL_FAILURE", `OpenCascade could not make an edge for segment ${seg.name}`);
    }
    return sc.track(mk.Edge());
  };

  const wireOf = (loop: Loop): TopoDS_Wire => {
    const mw = sc.track(new oc.BRepBuilderAPI_MakeWire());
    for (const ls of loop.segs) {
      let e = made.get(ls.seg);
      if (!e) made.set(ls.seg, (e = edgeOf(ls.seg, ls.from, ls.to, ls.reversed)));
      // Edges are made in their natural direction (a→b); a loop that runs a segment backwards
      // uses the reversed occurrence of the same edge.
      mw.Add(ls.reversed ? sc.track(oc.TopoDS.Edge(sc.track(e.Reversed()))) : e);
    }
    if (!mw.IsDone()) fail("KERNEL_FAILURE", "OpenCascade could not join the profile into a wire");
    return sc.track(mw.Wire());
  };

  const pln = plnOf(oc, sc, frame);
  const faces = profile.regions.map((region) => {
    const mf = sc.track(new oc.BRepBuilderAPI_MakeFace(pln, wireOf(region.outer), true));
    for (const hole of region.holes) mf.Add(wireOf(hole));
    if (!mf.IsDone()) fail("KERNEL_FAILURE", "OpenCascade could not make a face of the profile");
    return sc.track(mf.Face());
  });

  const segmentOf = new ShapeMap<string>(oc);
  for (const [seg, e] of made) segmentOf.set(e, seg.name);
  // Check the promise above: every edge of every face is one we made.
  for (const f of faces) {
    for (const e of subShapes(oc, f, "edge")) {
      sc.track(e);
      if (!segmentOf.has(e))
        fail("KERNEL_FAILURE", "a profile edge was copied while building the face");
    }
  }
  return { faces, segmentOf };
}
