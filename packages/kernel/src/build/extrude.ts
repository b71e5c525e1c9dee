/**
 * extrude (D5, D5.0, D5.2): a prism from a sketch profile or from planar body faces, blind /
 * through all / up to a face, combined with the body by add / cut / intersect.
 */
import type { ExtrudeFeature } from "@kerf/document";
import type { TopoDS_Shape } from "replicad-opencascadejs";
import { indexFaces, transfer, type Claim } from "../naming/claims.ts";
import { nameIndex } from "../naming/name-index.ts";
import { bbox, planeOf, type PlaneInfo } from "../naming/geometry.ts";
import { resolveRef } from "../naming/resolve.ts";
import { ShapeMap, listItems, subShapes } from "../oc/topo.ts";
import type { Vec3 } from "../types.ts";
import { combine, runBoolean, type BoolKind } from "./boolean.ts";
import type { FeatureContext, FeatureOutput } from "./context.ts";
import { fail } from "./errors.ts";
import { vdot, vlen, vscale, vsub } from "./frame.ts";
import { compoundOf, pnt, dir as gpDir, vec } from "./occ.ts";
import { profileFaces } from "./profile-faces.ts";
import { profileOf, sketchFor } from "./sketch.ts";
import { prism, type SweepProfile } from "./sweep.ts";
import { historyClaim, type NamedTool } from "./tool.ts";

/** One flat profile and the plane it lies in. */
interface Group {
  profile: SweepProfile;
  normal: Vec3;
  origin: Vec3;
}

export const OP_KIND: Record<ExtrudeFeature["op"], BoolKind> = {
  add: "fuse",
  cut: "cut",
  intersect: "common",
};

export function buildExtrude(ctx: FeatureContext, f: ExtrudeFeature): FeatureOutput {
  const body = ctx.prev.body;
  if (f.op !== "add" && !body) {
    fail(
      "NO_BODY",
      `extrude ${f.id} (op ${f.op}) needs a body; add material with an earlier feature`,
    );
  }
  const groups = f.sketch ? [sketchGroup(ctx, f.sketch)] : faceGroups(ctx, f);
  const reach = reachOf(ctx, groups);
  const tools = groups.map((g) => toolOf(ctx, f, g, reach));
  const tool: NamedTool =
    tools.length === 1
      ? tools[0]!
      : {
          shape: compoundOf(
            ctx.oc,
            ctx.sc,
            tools.map((t) => t.shape),
          ),
          named: tools.flatMap((t) => t.named),
        };
  return { body: combine(ctx, OP_KIND[f.op], body, tool) };
}

function sketchGroup(ctx: FeatureContext, sketchId: string): Group {
  const s = sketchFor(ctx, sketchId);
  const pf = profileFaces(ctx.oc, ctx.sc, profileOf(s), s.frame);
  const sideRole = new ShapeMap<string>(ctx.oc);
  for (const [e, seg] of pf.segmentOf.entries()) sideRole.set(e, `side:${seg}`);
  return { profile: { faces: pf.faces, sideRole }, normal: s.frame.normal, origin: s.frame.origin };
}

/** D5.0 `faces`: each planar face is a profile; its edges name the sides `side[<edge>]`. */
function faceGroups(ctx: FeatureContext, f: ExtrudeFeature): Group[] {
  const { oc, sc } = ctx;
  const body = ctx.prev.body;
  if (!f.faces?.length) fail("NO_CLOSED_PROFILE", `extrude ${f.id} needs a sketch or faces`);
  const groups: Group[] = [];
  const ix = nameIndex(body!);
  for (const ref of f.faces) {
    const r = resolveRef(body, ref, "faces", ctx.prev);
    if (!r.ok) fail(r.error.code, `faces: ${r.error.message}`, r.error.suggestions);
    for (const face of r.value.faces) {
      const plane = planeOf(oc, face.face.wrapped);
      if (!plane)
        fail("NOT_PLANAR", `faces: face:${face.name} is not planar; extrude needs planar faces`);
      const sideRole = new ShapeMap<string>(oc);
      for (const e of ix.edgesOfFace.get(face as never) ?? [])
        sideRole.set(e.edge.wrapped, `side[${e.name}]`);
      const faceCopy = sc.track(oc.TopoDS.Face(face.face.wrapped));
      groups.push({
        profile: { faces: [faceCopy], sideRole },
        normal: plane.normal,
        origin: plane.point,
      });
    }
  }
  return groups;
}

/** A length that takes any prism from a profile through the whole body and profile (mm). */
function reachOf(ctx: FeatureContext, groups: Group[]): number {
  const shapes: TopoDS_Shape[] = groups.flatMap((g) => g.profile.faces);
  if (ctx.prev.body) shapes.push(ctx.prev.body.shape.wrapped);
  const [min, max] = bbox(ctx.oc, compoundOf(ctx.oc, ctx.sc, shapes));
  let r = 0;
  for (const g of groups) {
    for (const x of [min[0], max[0]]) {
      for (const y of [min[1], max[1]]) {
        for (const z of [min[2], max[2]]) r = Math.max(r, vlen(vsub([x, y, z], g.origin)));
      }
    }
  }
  return 2 * r + 10;
}

function toolOf(ctx: FeatureContext, f: ExtrudeFeature, g: Group, reach: number): NamedTool {
  const { oc, sc } = ctx;
  const n = g.normal;
  const back = vscale(n, -1);
  switch (f.extent) {
    case "blind": {
      const d = f.distance;
      if (d === undefined || !(d > 0)) fail("EMPTY_RESULT", `extrude ${f.id} needs a distance > 0`);
      if (f.direction === "symmetric") return prism(oc, sc, g.profile, n, -d / 2, d, f.id);
      return prism(oc, sc, g.profile, f.direction === "reverse" ? back : n, 0, d, f.id);
    }
    case "throughAll":
      if (f.direction === "symmetric") return prism(oc, sc, g.profile, n, -reach, 2 * reach, f.id);
      return prism(oc, sc, g.profile, f.direction === "reverse" ? back : n, 0, reach, f.id);
    case "toFace":
      return toFace(ctx, f, g, f.direction === "reverse" ? back : n, reach);
  }
}

/**
 * Up to a planar face: a long prism trimmed by the slab on the profile's side of the face's
 * plane. The trimmed end is the extrude's `top`.
 */
function toFace(
  ctx: FeatureContext,
  f: ExtrudeFeature,
  g: Group,
  d: Vec3,
  reach: number,
): NamedTool {
  const { oc, sc } = ctx;
  if (!f.to) fail("REF_NOT_FOUND", `extrude ${f.id} with extent toFace needs a "to" face`);
  if (f.direction === "symmetric")
    fail("EMPTY_RESULT", `extrude ${f.id}: toFace cannot be symmetric`);
  const r = resolveRef(ctx.prev.body, f.to, "plane", ctx.prev);
  if (!r.ok) fail(r.error.code, `to: ${r.error.message}`, r.error.suggestions);
  const target = planeOf(oc, r.value.faces[0]!.face.wrapped) as PlaneInfo;
  const side = vdot(vsub(g.origin, target.point), target.normal);
  if (Math.abs(side) < 1e-7)
    fail("EMPTY_RESULT", `extrude ${f.id}: the profile lies in the plane of ${f.to}`);
  if (vdot(d, target.normal) * side >= -1e-12) {
    fail(
      "EMPTY_RESULT",
      `extrude ${f.id}: ${f.to} is not ahead of the profile in this direction; try direction="${f.direction === "reverse" ? "normal" : "reverse"}"`,
    );
  }
  const long = prism(oc, sc, g.profile, d, 0, reach, f.id);
  // The slab: a big face on the target plane swept towards the profile.
  const big = 2 * (reach + vlen(vsub(g.origin, target.point)));
  const pln = sc.track(new oc.gp_Pln(pnt(oc, sc, target.point), gpDir(oc, sc, target.normal)));
  const bigFace = sc.track(
    sc.track(new oc.BRepBuilderAPI_MakeFace(pln, -big, big, -big, big)).Face(),
  );
  const toward = vscale(target.normal, Math.sign(side) * 2 * big);
  const slabMk = sc.track(new oc.BRepPrimAPI_MakePrism(bigFace, vec(oc, sc, toward), true, true));
  const slab = sc.track(slabMk.Shape());
  const cap = sc.track(slabMk.FirstShape(bigFace));
  const algo = runBoolean(ctx, "common", [long.shape], [slab]);
  const shape = sc.track(algo.Shape());
  const faces = subShapes(oc, shape, "face").map((x) => sc.track(x));
  const index = indexFaces(oc, faces);
  const claims: Claim[][] = faces.map(() => []);
  transfer(
    [...long.named, { shape: cap, claim: historyClaim(`${f.id}:top`) }],
    (s) => listItems(oc, algo.Modified(s)),
    index,
    claims,
  );
  if (!claims.some((c) => c.some((x) => x.base === `${f.id}:top`))) {
    fail("EMPTY_RESULT", `extrude ${f.id} never reaches ${f.to}`);
  }
  const named = faces.flatMap((face, i) =>
    claims[i]!.map((claim) => ({ shape: face as TopoDS_Shape, claim })),
  );
  return { shape, named };
}
