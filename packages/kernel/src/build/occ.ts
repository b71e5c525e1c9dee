/**
 * Small OpenCascade constructors whose temporaries go into a Scope (so the caller never leaks a
 * gp_Pnt or a builder). Everything returned is owned by `sc`.
 */
import type {
  TopoDS_Compound,
  TopoDS_Face,
  TopoDS_Shape,
  gp_Ax1,
  gp_Ax2,
  gp_Dir,
  gp_Pln,
  gp_Pnt,
  gp_Vec,
} from "replicad-opencascadejs";
import type { OC } from "../oc/load.ts";
import type { Scope } from "../oc/scope.ts";
import type { Frame, Vec3 } from "../types.ts";

export const pnt = (oc: OC, sc: Scope, v: Vec3): gp_Pnt =>
  sc.track(new oc.gp_Pnt(v[0], v[1], v[2]));
export const dir = (oc: OC, sc: Scope, v: Vec3): gp_Dir =>
  sc.track(new oc.gp_Dir(v[0], v[1], v[2]));
export const vec = (oc: OC, sc: Scope, v: Vec3): gp_Vec =>
  sc.track(new oc.gp_Vec(v[0], v[1], v[2]));

export const ax1 = (oc: OC, sc: Scope, p: Vec3, d: Vec3): gp_Ax1 =>
  sc.track(new oc.gp_Ax1(pnt(oc, sc, p), dir(oc, sc, d)));

export const ax2 = (oc: OC, sc: Scope, p: Vec3, n: Vec3, x: Vec3): gp_Ax2 =>
  sc.track(new oc.gp_Ax2(pnt(oc, sc, p), dir(oc, sc, n), dir(oc, sc, x)));

/** The plane of a sketch frame, parametrised by its x/y axes. */
export const plnOf = (oc: OC, sc: Scope, f: Frame): gp_Pln =>
  sc.track(
    new oc.gp_Pln(
      sc.track(new oc.gp_Ax3(pnt(oc, sc, f.origin), dir(oc, sc, f.normal), dir(oc, sc, f.xDir))),
    ),
  );

/** A compound of shapes (borrowed; the compound shares their TShapes). */
export function compoundOf(oc: OC, sc: Scope, shapes: TopoDS_Shape[]): TopoDS_Compound {
  const c = sc.track(new oc.TopoDS_Compound());
  const b = sc.track(new oc.TopoDS_Builder());
  b.MakeCompound(c);
  for (const s of shapes) b.Add(c, s);
  return c;
}

/** `face` translated by `v` (same TShape, new location): sub-shapes keep their order. */
export function moved(oc: OC, sc: Scope, s: TopoDS_Face, v: Vec3): TopoDS_Face {
  const trsf = sc.track(new oc.gp_Trsf());
  trsf.SetTranslation(vec(oc, sc, v));
  const loc = sc.track(new oc.TopLoc_Location(trsf));
  const m = sc.track(s.Moved(loc, false));
  return sc.track(oc.TopoDS.Face(m));
}
