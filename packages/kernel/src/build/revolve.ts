/**
 * revolve (D5, D5.0.1, D5.2.1): the sketch profile turned about the frame's x or y axis, or a
 * line of the sketch (from its start to its end), which is then never part of the profile.
 */
import type { RevolveFeature } from "@kerf/document";
import { ShapeMap } from "../oc/topo.ts";
import type { Vec3 } from "../types.ts";
import { combine } from "./boolean.ts";
import type { FeatureContext, FeatureOutput } from "./context.ts";
import { fail } from "./errors.ts";
import { toWorld, vnorm, vsub } from "./frame.ts";
import { cross, pointAt, sub, type Pt } from "./geom2d.ts";
import { OP_KIND } from "./extrude.ts";
import { profileFaces } from "./profile-faces.ts";
import { profileOf, sketchFor } from "./sketch.ts";
import { revolution } from "./sweep.ts";
import type { Profile } from "./profile.ts";

export function buildRevolve(ctx: FeatureContext, f: RevolveFeature): FeatureOutput {
  const body = ctx.prev.body;
  if (f.op !== "add" && !body) {
    fail(
      "NO_BODY",
      `revolve ${f.id} (op ${f.op}) needs a body; add material with an earlier feature`,
    );
  }
  const s = sketchFor(ctx, f.sketch);
  // The axis in sketch coordinates: a point and a direction.
  let a: Pt;
  let b: Pt;
  const exclude = new Set<string>();
  if (f.axis === "x" || f.axis === "y") {
    a = [0, 0];
    b = f.axis === "x" ? [1, 0] : [0, 1];
  } else {
    const line = s.entities.find((e) => e.id === f.axis);
    if (!line || line.type !== "line") {
      fail("REF_NOT_FOUND", `revolve ${f.id}: axis "${f.axis}" is not a line of sketch ${s.id}`);
    }
    a = [line.x1, line.y1];
    b = [line.x2, line.y2];
    exclude.add(line.id);
  }
  const profile = profileOf(s, exclude);
  checkOneSide(f.id, profile, a, b);
  const origin: Vec3 = toWorld(s.frame, a[0], a[1]);
  const axis: Vec3 = vnorm(vsub(toWorld(s.frame, b[0], b[1]), origin));
  const pf = profileFaces(ctx.oc, ctx.sc, profile, s.frame);
  const sideRole = new ShapeMap<string>(ctx.oc);
  for (const [e, seg] of pf.segmentOf.entries()) sideRole.set(e, `side:${seg}`);
  const tool = revolution(
    ctx.oc,
    ctx.sc,
    { faces: pf.faces, sideRole },
    origin,
    axis,
    f.angle,
    f.id,
  );
  return { body: combine(ctx, OP_KIND[f.op], body, tool) };
}

/** A profile that crosses the axis would sweep through itself. */
function checkOneSide(id: string, profile: Profile, a: Pt, b: Pt): void {
  const d = sub(b, a);
  const len = Math.hypot(d[0], d[1]);
  let pos = false;
  let neg = false;
  for (const region of profile.regions) {
    for (const loop of [region.outer, ...region.holes]) {
      for (const { seg } of loop.segs) {
        for (let i = 0; i <= 16; i++) {
          const side = cross(d, sub(pointAt(seg, i / 16), a)) / len;
          if (side > 1e-7) pos = true;
          if (side < -1e-7) neg = true;
        }
      }
    }
  }
  if (pos && neg) {
    fail(
      "SELF_INTERSECTING_PROFILE",
      `revolve ${id}: the profile lies on both sides of the axis; keep it on one side`,
    );
  }
}
