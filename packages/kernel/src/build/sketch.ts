/**
 * Sketch features (D4): a frame (base plane, or a planar face ref resolved on the body as it
 * stands, D4.1 / R3.4) plus the entities. The profile is derived on demand by the feature that
 * uses the sketch, which also reports its profile errors (D4.2).
 */
import type { SketchEntity, SketchFeature } from "@kerf/document";
import { planeOf } from "../naming/geometry.ts";
import { resolveRef } from "../naming/resolve.ts";
import type { Frame } from "../types.ts";
import type { FeatureContext } from "./context.ts";
import { fail } from "./errors.ts";
import { BASE_FRAMES, faceFrame, offsetFrame } from "./frame.ts";
import { buildProfile, segmentsOf, type Profile } from "./profile.ts";

export interface SketchResult {
  id: string;
  frame: Frame;
  entities: SketchEntity[];
}

export function buildSketch(ctx: FeatureContext, f: SketchFeature): SketchResult {
  let frame: Frame;
  const base = (["XY", "XZ", "YZ"] as const).find((p) => p === f.plane);
  if (base) {
    frame = BASE_FRAMES[base];
  } else {
    const r = resolveRef(ctx.prev.body, f.plane, "plane", ctx.prev);
    if (!r.ok) fail(r.error.code, `plane: ${r.error.message}`, r.error.suggestions);
    const plane = planeOf(ctx.oc, r.value.faces[0]!.face.wrapped);
    if (!plane) fail("NOT_PLANAR", `plane: ${f.plane} is not planar`);
    frame = faceFrame(plane.normal, plane.point);
  }
  return { id: f.id, frame: offsetFrame(frame, f.offset), entities: f.entities };
}

/** The sketch a feature uses, or a reference error naming it (D5.4). */
export function sketchFor(ctx: FeatureContext, id: string): SketchResult {
  const st = ctx.prev.featureStatus[id];
  if (st === "error") fail("REF_FAILED", `sketch ${id} failed; fix it first`);
  if (st === "suppressed")
    fail("REF_SUPPRESSED", `sketch ${id} is suppressed; unsuppress it or use another sketch`);
  const s = ctx.prev.sketches.get(id);
  if (!s) fail("REF_NOT_FOUND", `there is no sketch ${id} before this feature`);
  return s;
}

/** The profile of a sketch (D4.2), minus `exclude` entity ids, or the profile error. */
export function profileOf(s: SketchResult, exclude: Set<string> = new Set()): Profile {
  const r = buildProfile(segmentsOf(s.entities, exclude));
  if (!r.ok) fail(r.code, `sketch ${s.id}: ${r.message}`);
  return r.profile;
}
