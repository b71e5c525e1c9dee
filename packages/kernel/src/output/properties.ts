/**
 * Mass properties of the whole body (cli.md C2 `body`, ai.md T1 `get_geometry body`): exact
 * geometry (GProp on the B-rep, not the mesh), rounded to 1e-6.
 */
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import { withScope } from "../oc/scope.ts";
import type { BodyProperties, Vec3 } from "../types.ts";
import { shapeBBox } from "./face-geometry.ts";
import { r6, rbox, rv } from "./round.ts";

const xyz = (p: { X(): number; Y(): number; Z(): number }): Vec3 => [p.X(), p.Y(), p.Z()];

export function bodyProperties(oc: OC, body: NamedBody): BodyProperties {
  const shape = body.shape.wrapped;
  return withScope((sc) => {
    const vol = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.VolumeProperties(shape, vol, false, false, false);
    const surf = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.SurfaceProperties(shape, surf, false, false);
    return {
      volume: r6(vol.Mass()),
      area: r6(surf.Mass()),
      bbox: rbox(shapeBBox(oc, shape)),
      centerOfMass: rv(xyz(sc.track(vol.CentreOfMass()))),
      faceCount: body.faces.length,
      edgeCount: body.edges.length,
      solids: body.solids,
    };
  });
}
