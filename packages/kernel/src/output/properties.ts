/**
 * Mass properties of the whole body (cli.md C2 `body`, ai.md T1 `get_geometry body`): exact
 * geometry (GProp on the B-rep, not the mesh), rounded to 1e-6.
 *
 * Volume, area, centre of mass and box are sums over the body's faces (records.ts), so that a
 * body sharing most faces with an earlier one costs only its new faces. `wholeBodyProperties`
 * is the direct computation on the whole shape: the fallback when the per-face sum does not
 * apply (a face occurring twice in the shape), and the reference the tests check the sums
 * against.
 */
import { xyz } from "../naming/geometry.ts";
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import { withScope } from "../oc/scope.ts";
import type { BodyProperties } from "../types.ts";
import { shapeBBox } from "./face-geometry.ts";
import { bodyRecords, faceOccurrences, sumFaces, type BodyRecords } from "./records.ts";
import { r6, rbox, rv } from "./round.ts";

export function bodyProperties(oc: OC, body: NamedBody): BodyProperties {
  return propertiesFromRecords(oc, body, bodyRecords(oc, body));
}

export function propertiesFromRecords(
  oc: OC,
  body: NamedBody,
  records: BodyRecords,
): BodyProperties {
  // Each face once, as BRepGProp would visit it: otherwise sum over the shape itself.
  if (faceOccurrences(oc, body.shape.wrapped) !== body.faces.length) {
    return wholeBodyProperties(oc, body);
  }
  const s = sumFaces(records.faces);
  return {
    volume: r6(s.volume),
    area: r6(s.area),
    bbox: rbox(s.bbox),
    centerOfMass: rv(s.centerOfMass),
    faceCount: body.faces.length,
    edgeCount: body.edges.length,
    solids: body.solids,
  };
}

/** GProp and the bounding box on the whole shape at once (no reuse). */
export function wholeBodyProperties(oc: OC, body: NamedBody): BodyProperties {
  const raw = wholeBodyRaw(oc, body);
  return {
    volume: r6(raw.volume),
    area: r6(raw.area),
    bbox: rbox(raw.bbox),
    centerOfMass: rv(raw.centerOfMass),
    faceCount: body.faces.length,
    edgeCount: body.edges.length,
    solids: body.solids,
  };
}

/** Unrounded whole-shape figures (tests compare the per-face sums with these). */
export function wholeBodyRaw(oc: OC, body: NamedBody) {
  const shape = body.shape.wrapped;
  return withScope((sc) => {
    const vol = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.VolumeProperties(shape, vol, false, false, false);
    const surf = sc.track(new oc.GProp_GProps());
    oc.BRepGProp.SurfaceProperties(shape, surf, false, false);
    return {
      volume: vol.Mass(),
      area: surf.Mass(),
      bbox: shapeBBox(oc, shape),
      centerOfMass: xyz(sc.track(vol.CentreOfMass())),
    };
  });
}
