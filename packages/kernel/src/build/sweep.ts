/**
 * Sweeps with their naming history: BRepPrimAPI_MakePrism / MakeRevol name the side faces with
 * `Generated(edge)` and the caps with `FirstShape(face)` / `LastShape(face)` (R2, R2.2).
 * Both are built with Copy=true, so the tool never shares TShapes with the profile (or with the
 * body, for an extrude of body faces) and the history stays unambiguous.
 */
import type { TopoDS_Face, TopoDS_Shape } from "replicad-opencascadejs";
import type { OC } from "../oc/load.ts";
import type { Scope } from "../oc/scope.ts";
import { ShapeMap, listItems, subShapes } from "../oc/topo.ts";
import type { Vec3 } from "../types.ts";
import { vscale } from "./frame.ts";
import { ax1, compoundOf, moved, vec } from "./occ.ts";
import { historyClaim, type NamedTool } from "./tool.ts";

/** Faces to sweep and the role (`side:r1.top`, `side[<edge>]`) each of their edges gives. */
export interface SweepProfile {
  faces: TopoDS_Face[];
  sideRole: ShapeMap<string>;
}

/** The profile moved by `v`; roles follow the edges (same exploration order). */
export function moveProfile(oc: OC, sc: Scope, p: SweepProfile, v: Vec3): SweepProfile {
  if (v[0] === 0 && v[1] === 0 && v[2] === 0) return p;
  const sideRole = new ShapeMap<string>(oc);
  const faces = p.faces.map((f) => {
    const m = moved(oc, sc, f, v);
    const before = subShapes(oc, f, "edge").map((e) => sc.track(e));
    const after = subShapes(oc, m, "edge").map((e) => sc.track(e));
    before.forEach((e, i) => {
      const role = p.sideRole.get(e);
      if (role !== undefined) sideRole.set(after[i]!, role);
    });
    return m;
  });
  return { faces, sideRole };
}

function sideClaims(
  oc: OC,
  sc: Scope,
  p: SweepProfile,
  generated: (s: TopoDS_Shape) => TopoDS_Shape[],
  featureId: string,
  named: NamedTool["named"],
): void {
  for (const [edge, role] of p.sideRole.entries()) {
    for (const g of generated(edge))
      named.push({ shape: sc.track(g), claim: historyClaim(`${featureId}:${role}`) });
  }
}

/**
 * Prism of `p` from `start` to `start + length` along unit `dir`: `bottom` at the start, `top` at
 * the far end (R2; for a `reverse` extrude `dir` is the reversed normal).
 */
export function prism(
  oc: OC,
  sc: Scope,
  p0: SweepProfile,
  dir: Vec3,
  start: number,
  length: number,
  featureId: string,
): NamedTool {
  const p = moveProfile(oc, sc, p0, vscale(dir, start));
  const base = p.faces.length === 1 ? p.faces[0]! : compoundOf(oc, sc, p.faces);
  const mk = sc.track(
    new oc.BRepPrimAPI_MakePrism(base, vec(oc, sc, vscale(dir, length)), true, true),
  );
  mk.Build();
  const shape = sc.track(mk.Shape());
  const named: NamedTool["named"] = [];
  for (const f of p.faces) {
    named.push({ shape: sc.track(mk.FirstShape(f)), claim: historyClaim(`${featureId}:bottom`) });
    named.push({ shape: sc.track(mk.LastShape(f)), claim: historyClaim(`${featureId}:top`) });
  }
  sideClaims(oc, sc, p, (s) => listItems(oc, mk.Generated(s)), featureId, named);
  return { shape, named };
}

/** Revolution of `p` about the axis through `origin` along unit `axis` by `degrees` (D5.2.1). */
export function revolution(
  oc: OC,
  sc: Scope,
  p: SweepProfile,
  origin: Vec3,
  axis: Vec3,
  degrees: number,
  featureId: string,
): NamedTool {
  const base = p.faces.length === 1 ? p.faces[0]! : compoundOf(oc, sc, p.faces);
  const full = degrees >= 360;
  const mk = sc.track(
    new oc.BRepPrimAPI_MakeRevol(base, ax1(oc, sc, origin, axis), (degrees * Math.PI) / 180, true),
  );
  mk.Build();
  const shape = sc.track(mk.Shape());
  const named: NamedTool["named"] = [];
  if (!full) {
    for (const f of p.faces) {
      named.push({ shape: sc.track(mk.FirstShape(f)), claim: historyClaim(`${featureId}:start`) });
      named.push({ shape: sc.track(mk.LastShape(f)), claim: historyClaim(`${featureId}:end`) });
    }
  }
  sideClaims(oc, sc, p, (s) => listItems(oc, mk.Generated(s)), featureId, named);
  return { shape, named };
}
