/**
 * Small geometric queries the naming needs: centroids (R3.1 `@k` order), edge midpoints (`#k`),
 * planes of planar faces (sketch frames D4.1, `plane` refs R3.2) and smoothness of edges
 * (D5.0.1). Inputs are borrowed; every temporary is deleted here.
 */
import type { TopoDS_Edge, TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import { vdot } from "../build/frame.ts";
import type { OC } from "../oc/load.ts";
import { withScope } from "../oc/scope.ts";
import type { Vec3 } from "../types.ts";

/** An OpenCascade point, vector or direction as a plain Vec3. */
export const xyz = (p: { X(): number; Y(): number; Z(): number }): Vec3 => [p.X(), p.Y(), p.Z()];

export function isReversed(oc: OC, s: TopoDS_Shape): boolean {
  return (s.Orientation() as unknown) === oc.TopAbs_Orientation.TopAbs_REVERSED;
}

/** Area-weighted centre of a face. */
export function faceCentroid(oc: OC, face: TopoDS_Face): Vec3 {
  return withScope((sc) => {
    const props = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.SurfaceProperties(face, props, false, false);
    return xyz(sc.track(props.CentreOfMass()));
  });
}

/** The point at the parametric middle of an edge. */
export function edgeMidpoint(oc: OC, edge: TopoDS_Edge): Vec3 {
  return withScope((sc) => {
    const c = sc.track(new oc.BRepAdaptor_Curve(edge));
    return xyz(sc.track(c.EvalD0((c.FirstParameter() + c.LastParameter()) / 2)));
  });
}

export interface PlaneInfo {
  /** Outward normal (the face's orientation applied). */
  normal: Vec3;
  /** A point of the plane. */
  point: Vec3;
}

/** The plane of a planar face, or null when the face is not planar. */
export function planeOf(oc: OC, face: TopoDS_Face): PlaneInfo | null {
  return withScope((sc) => {
    const surf = sc.track(new oc.BRepAdaptor_Surface(face, true));
    if ((surf.GetType() as unknown) !== oc.GeomAbs_SurfaceType.GeomAbs_Plane) return null;
    const pln = sc.track(surf.Plane());
    const ax = sc.track(pln.Axis());
    const n = xyz(sc.track(ax.Direction()));
    const point = xyz(sc.track(ax.Location()));
    const normal: Vec3 = isReversed(oc, face) ? [-n[0], -n[1], -n[2]] : n;
    return { normal, point };
  });
}

/** Outward unit normal of `face` where `edge` (one of its edges) has parameter `t`. */
function normalAlong(oc: OC, edge: TopoDS_Edge, face: TopoDS_Face, t: number): Vec3 | null {
  return withScope((sc) => {
    const pc = sc.track(new oc.BRepAdaptor_Curve2d(edge, face));
    const uv = sc.track(pc.Value(t));
    const surf = sc.track(new oc.BRepAdaptor_Surface(face, false));
    const d1 = surf.EvalD1(uv.X(), uv.Y());
    sc.track(d1.Point);
    const du = sc.track(d1.D1U);
    const dv = sc.track(d1.D1V);
    const n = sc.track(du.Crossed(dv));
    const len = n.Magnitude();
    if (len < 1e-12) return null;
    const k = (isReversed(oc, face) ? -1 : 1) / len;
    return [n.X() * k, n.Y() * k, n.Z() * k];
  });
}

/**
 * True when the two faces meet tangentially along `edge` (within 1°, ai.md T1.2), sampled at the
 * middle of the edge. A face ref in `edges` skips such edges (D5.0.1).
 */
export function isSmoothEdge(oc: OC, edge: TopoDS_Edge, f1: TopoDS_Face, f2: TopoDS_Face): boolean {
  try {
    const t = withScope((sc) => {
      const c = sc.track(new oc.BRepAdaptor_Curve(edge));
      return (c.FirstParameter() + c.LastParameter()) / 2;
    });
    const n1 = normalAlong(oc, edge, f1, t);
    const n2 = normalAlong(oc, edge, f2, t);
    if (!n1 || !n2) return false;
    return vdot(n1, n2) > Math.cos(Math.PI / 180);
  } catch {
    return false;
  }
}

/** Axis-aligned bounding box of a shape: [min, max]. */
export function bbox(oc: OC, shape: TopoDS_Shape): [Vec3, Vec3] {
  return withScope((sc) => {
    const box = sc.track(new oc.Bnd_Box());
    oc.BRepBndLib.Add(shape, box, true);
    return [xyz(sc.track(box.CornerMin())), xyz(sc.track(box.CornerMax()))];
  });
}

/** Round to 1e-6 mm and compare x, then y, then z (R3.1). */
export function comparePoints(a: Vec3, b: Vec3): number {
  for (let i = 0; i < 3; i++) {
    const d = Math.round(a[i]! * 1e6) - Math.round(b[i]! * 1e6);
    if (d !== 0) return d;
  }
  return 0;
}

/** Minimum distance between two shapes. */
export function distance(oc: OC, a: TopoDS_Shape, b: TopoDS_Shape): number {
  return withScope((sc) => {
    const d = sc.track(new oc.BRepExtrema_DistShapeShape(a, b));
    return d.IsDone() ? d.Value() : Infinity;
  });
}
