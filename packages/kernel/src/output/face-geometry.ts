/**
 * What OpenCascade tells about one face: surface type, area, centroid, bounding box, the outward
 * normal of a plane, the axis and radius of a cylinder, cone or sphere (ai.md T1 FaceInfo).
 * Inputs are borrowed; every temporary is deleted here (guide habit 6).
 */
import type { Face } from "replicad";
import type { BRepAdaptor_Surface, TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import { vadd, vdot, vlen, vnorm, vscale, vsub } from "../build/frame.ts";
import { isReversed, xyz } from "../naming/geometry.ts";
import type { OC } from "../oc/load.ts";
import { withScope, type Scope } from "../oc/scope.ts";
import type { BBox, SurfaceType, Vec3 } from "../types.ts";

export interface FaceGeometry {
  surfaceType: SurfaceType;
  area: number;
  centroid: Vec3;
  bbox: BBox;
  /** Planes: the outward unit normal (face orientation applied). */
  normal?: Vec3;
  /** Planes: a point of the plane. */
  planePoint?: Vec3;
  /** Cylinders, cones, spheres: origin is the centroid projected onto the axis (the centre for spheres). */
  axis?: { origin: Vec3; direction: Vec3 };
  /** Cylinders, spheres: the radius; cones: the radius at `axis.origin`. */
  radius?: number;
}

/** replicad's `Face.geomType` names → ai.md T1 surface types. */
export function surfaceTypeOf(geomType: string): SurfaceType {
  switch (geomType) {
    case "PLANE":
      return "plane";
    case "CYLINDRE":
      return "cylinder";
    case "CONE":
      return "cone";
    case "SPHERE":
      return "sphere";
    case "TORUS":
      return "torus";
    case "BSPLINE_SURFACE":
    case "BEZIER_SURFACE":
      return "bspline";
    default:
      return "other";
  }
}

/** Tight axis-aligned box of a shape (exact geometry, not the mesh, no tolerance gap). */
export function shapeBBox(oc: OC, shape: TopoDS_Shape): BBox {
  return withScope((sc) => {
    const box = sc.track(new oc.Bnd_Box());
    oc.BRepBndLib.AddOptimal(shape, box, false, false);
    return { min: xyz(sc.track(box.CornerMin())), max: xyz(sc.track(box.CornerMax())) };
  });
}

/**
 * Unit normal of the oriented face at (u, v): D1U × D1V, negated for a REVERSED face, so it
 * points out of the material. (Not the plane's `Axis().Direction()`, which is the surface normal
 * only for a right-handed plane frame.)
 */
export function normalAtUV(oc: OC, face: TopoDS_Face, u: number, v: number): Vec3 | null {
  return withScope((sc) => {
    const surf = sc.track(new oc.BRepAdaptor_Surface(face, false));
    const d1 = surf.EvalD1(u, v);
    sc.track(d1.Point);
    const n = sc.track(sc.track(d1.D1U).Crossed(sc.track(d1.D1V)));
    const len = n.Magnitude();
    if (len < 1e-12) return null;
    const k = (isReversed(oc, face) ? -1 : 1) / len;
    return [n.X() * k, n.Y() * k, n.Z() * k];
  });
}

export function faceGeometry(oc: OC, face: Face): FaceGeometry {
  const f = face.wrapped;
  return withScope((sc) => {
    const props = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.SurfaceProperties(f, props, false, false);
    const area = props.Mass();
    const centroid = xyz(sc.track(props.CentreOfMass()));
    const surfaceType = surfaceTypeOf(face.geomType);
    const out: FaceGeometry = { surfaceType, area, centroid, bbox: shapeBBox(oc, f) };
    const surf = sc.track(new oc.BRepAdaptor_Surface(f, true));
    const um = (surf.FirstUParameter() + surf.LastUParameter()) / 2;
    const vm = (surf.FirstVParameter() + surf.LastVParameter()) / 2;
    switch (surfaceType) {
      case "plane": {
        const n = normalAtUV(oc, f, um, vm);
        if (n) out.normal = n;
        out.planePoint = xyz(sc.track(surf.EvalD0(um, vm)));
        break;
      }
      case "cylinder": {
        const cyl = sc.track(surf.Cylinder());
        const ax = sc.track(cyl.Axis());
        const loc = xyz(sc.track(ax.Location()));
        const dir = xyz(sc.track(ax.Direction()));
        out.axis = { origin: projectOnAxis(centroid, loc, dir), direction: dir };
        out.radius = cyl.Radius();
        break;
      }
      case "sphere": {
        const sph = sc.track(surf.Sphere());
        const pos = sc.track(sph.Position());
        out.axis = {
          origin: xyz(sc.track(sph.Location())),
          direction: xyz(sc.track(pos.Direction())),
        };
        out.radius = sph.Radius();
        break;
      }
      case "cone": {
        const cone = coneOf(sc, surf, um, vm, centroid);
        if (cone) {
          out.axis = cone.axis;
          out.radius = cone.radius;
        }
        break;
      }
      default:
        break;
    }
    return out;
  });
}

function projectOnAxis(p: Vec3, origin: Vec3, dir: Vec3): Vec3 {
  return vadd(origin, vscale(dir, vdot(vsub(p, origin), dir)));
}

/**
 * Axis and radius of a conical face, from the surface itself (this binding has no gp_Cone): the
 * points at u and u+π on one parallel are symmetric about the axis; their rulings (∂/∂v) add up
 * to the axis direction. The radius is linear along the axis; it is reported at the centroid's
 * projection.
 */
function coneOf(
  sc: Scope,
  surf: BRepAdaptor_Surface,
  u: number,
  v: number,
  centroid: Vec3,
): { axis: { origin: Vec3; direction: Vec3 }; radius: number } | null {
  const at = (uu: number, vv: number): { p: Vec3; dv: Vec3 } => {
    const d = surf.EvalD1(uu, vv);
    sc.track(d.D1U);
    return { p: xyz(sc.track(d.Point)), dv: xyz(sc.track(d.D1V)) };
  };
  const a = at(u, v);
  const b = at(u + Math.PI, v);
  const sum = vadd(a.dv, b.dv);
  if (vlen(sum) < 1e-12) return null;
  const dir = vnorm(sum);
  const c0 = vscale(vadd(a.p, b.p), 0.5);
  const r0 = vlen(vsub(a.p, b.p)) / 2;
  // A second parallel, a little further along the rulings, gives the slope of the radius (a
  // small step, so that it stays on the same side of the apex).
  const a1 = at(u, v + 1e-2);
  const b1 = at(u + Math.PI, v + 1e-2);
  const c1 = vscale(vadd(a1.p, b1.p), 0.5);
  const r1 = vlen(vsub(a1.p, b1.p)) / 2;
  const ds = vdot(vsub(c1, c0), dir);
  const s = vdot(vsub(centroid, c0), dir);
  const radius = Math.abs(ds) < 1e-12 ? r0 : r0 + ((r1 - r0) * s) / ds;
  return { axis: { origin: vadd(c0, vscale(dir, s)), direction: dir }, radius };
}
