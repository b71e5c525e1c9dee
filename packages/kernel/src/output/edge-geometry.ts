/**
 * What OpenCascade tells about one edge (ai.md T1 EdgeInfo): curve type, length, end points,
 * midpoint, line direction, circle centre and radius, and the convexity of the dihedral angle
 * between its two faces (T1.2). Inputs are borrowed; every temporary is deleted here.
 */
import type { Edge, Face } from "replicad";
import type { TopoDS_Edge, TopoDS_Face } from "replicad-opencascadejs";
import { vcross, vdot, vlen, vnorm, vsub } from "../build/frame.ts";
import { isReversed, xyz } from "../naming/geometry.ts";
import { ocFailure } from "../oc/errors.ts";
import type { OC } from "../oc/load.ts";
import { withScope } from "../oc/scope.ts";
import type { Convexity, CurveType, Vec3 } from "../types.ts";
import { normalAtUV } from "./face-geometry.ts";

export interface EdgeGeometry {
  curveType: CurveType;
  length: number;
  start: Vec3;
  end: Vec3;
  midpoint: Vec3;
  direction?: Vec3;
  center?: Vec3;
  radius?: number;
}

/** Within 1° of tangent counts as smooth (T1.2). */
const SMOOTH_COS = Math.cos(Math.PI / 180);

export function edgeGeometry(oc: OC, edge: Edge): EdgeGeometry {
  const e = edge.wrapped;
  return withScope((sc) => {
    const props = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.LinearProperties(e, props, false, false);
    const length = props.Mass();
    const c = sc.track(new oc.BRepAdaptor_Curve(e));
    const t0 = c.FirstParameter();
    const t1 = c.LastParameter();
    let start = xyz(sc.track(c.Value(t0)));
    let end = xyz(sc.track(c.Value(t1)));
    if (isReversed(oc, e)) [start, end] = [end, start];
    const midpoint = xyz(sc.track(c.Value((t0 + t1) / 2)));
    const type = c.GetType() as unknown;
    const T = oc.GeomAbs_CurveType;
    const out: EdgeGeometry = { curveType: "other", length, start, end, midpoint };
    if (type === T.GeomAbs_Line) {
      out.curveType = "line";
      const d = vsub(end, start);
      if (vlen(d) > 1e-12) out.direction = vnorm(d);
    } else if (type === T.GeomAbs_Circle) {
      const closed = vlen(vsub(end, start)) < 1e-7;
      out.curveType = closed ? "circle" : "arc";
      const circ = sc.track(c.Circle());
      out.center = xyz(sc.track(circ.Location()));
      out.radius = circ.Radius();
    } else if (type === T.GeomAbs_Ellipse) {
      out.curveType = "ellipse";
    } else if (type === T.GeomAbs_BSplineCurve || type === T.GeomAbs_BezierCurve) {
      out.curveType = "bspline";
    }
    return out;
  });
}

/**
 * T1.2 convexity of `edge` between faces `f1` and `f2` (both as they sit in the solid, so their
 * orientation gives the outward normal), sampled at the middle of the edge.
 *
 * Walking along the edge as it is oriented in f1's boundary, f1's material lies on the left seen
 * from f1's outward normal n1 (OpenCascade's wire orientation, composed with the face's). Then
 * (n1 × n2) · t > 0 exactly when the inside angle is under 180°: a box's top edge has n1 = +Z,
 * n2 = +X, t = +Y, so Z × X = Y, convex.
 *
 * `inFace1` finds the edge's first occurrence (explorer order) in f1 (IsSame): a lookup built
 * once per face (records.ts FaceEdges), as a big face has hundreds of edges.
 */
export function edgeConvexity(
  oc: OC,
  edge: Edge,
  f1: Face,
  f2: Face,
  inFace1: (edge: TopoDS_Edge) => TopoDS_Edge | undefined,
): Convexity {
  if (f1 === f2 || f1.wrapped.IsSame(f2.wrapped)) return "smooth"; // a seam
  try {
    return withScope((sc) => {
      const face1 = f1.wrapped;
      const inF1 = inFace1(edge.wrapped);
      if (!inF1) return "smooth";
      const c = sc.track(new oc.BRepAdaptor_Curve(inF1));
      const t = (c.FirstParameter() + c.LastParameter()) / 2;
      const d1 = sc.track(c.DN(t, 1));
      let tangent = xyz(d1);
      if (isReversed(oc, inF1)) tangent = [-tangent[0], -tangent[1], -tangent[2]];
      const n1 = normalOn(oc, inF1, face1, t);
      const n2 = normalOn(oc, edge.wrapped, f2.wrapped, t);
      if (!n1 || !n2 || vlen(tangent) < 1e-12) return "smooth";
      if (vdot(n1, n2) > SMOOTH_COS) return "smooth";
      return vdot(vcross(n1, n2), tangent) > 0 ? "convex" : "concave";
    });
  } catch (e) {
    // Reading a pcurve can fail on odd geometry; report the edge as smooth rather than fail the
    // whole index. ocFailure releases OpenCascade's exception object.
    ocFailure(oc, e);
    return "smooth";
  }
}

/** Outward unit normal of `face` at the point of `edge` (one of its edges) with parameter `t`. */
function normalOn(oc: OC, edge: TopoDS_Edge, face: TopoDS_Face, t: number): Vec3 | null {
  const uv = withScope((sc) => {
    const pc = sc.track(new oc.BRepAdaptor_Curve2d(edge, face));
    const p = sc.track(pc.Value(t));
    return [p.X(), p.Y()] as const;
  });
  return normalAtUV(oc, face, uv[0], uv[1]);
}
