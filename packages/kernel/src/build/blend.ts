/**
 * fillet and chamfer (D5): BRepFilletAPI_MakeFillet / MakeChamfer. Names (R2): the face that
 * replaces edge E is `<id>:blend[E]` (Generated(edge)); a corner patch where blends meet at a
 * vertex is `<id>:corner[A|B|C]` after the three faces around that vertex (Generated(vertex));
 * every other face keeps its name through Modified — or is unchanged.
 *
 * TRAP: BRepFilletAPI_MakeFillet.IsDeleted is not trustworthy (it reports true for edges and
 * faces the fillet never touched), so it is never consulted: a face is gone only if neither
 * Modified nor the result holds it.
 */
import type { ChamferFeature, FilletFeature } from "@kerf/document";
import type { TopoDS_Shape } from "replicad-opencascadejs";
import type { EdgeRec } from "../naming/assemble.ts";
import { transfer, transferGenerated, type FaceRec } from "../naming/claims.ts";
import { resolveRef } from "../naming/resolve.ts";
import { formatOcFailure, ocFailure } from "../oc/errors.ts";
import { ShapeMap, listItems, subShapes } from "../oc/topo.ts";
import { resultProblem } from "./check.ts";
import type { FeatureContext, FeatureOutput } from "./context.ts";
import { fail } from "./errors.ts";
import { bodyFallback, bodyInputs, finish } from "./finish.ts";
import { historyClaim } from "./tool.ts";

export function buildBlend(ctx: FeatureContext, f: FilletFeature | ChamferFeature): FeatureOutput {
  const { oc, sc } = ctx;
  const body = ctx.prev.body;
  if (!body) fail("NO_BODY", `${f.type} ${f.id} needs a body to work on`);
  if (f.edges.length === 0) fail("REF_NOT_FOUND", `${f.type} ${f.id} names no edges`);
  const edges = new Set<EdgeRec>();
  for (const ref of f.edges) {
    const r = resolveRef(body, ref, "edges", ctx.prev);
    if (!r.ok) fail(r.error.code, `edges: ${r.error.message}`, r.error.suggestions);
    r.value.edges.forEach((e) => edges.add(e as EdgeRec));
  }
  const size = f.type === "fillet" ? f.radius : f.distance;
  const mk =
    f.type === "fillet"
      ? sc.track(
          new oc.BRepFilletAPI_MakeFillet(
            body.shape.wrapped,
            oc.ChFi3d_FilletShape.ChFi3d_Rational,
          ),
        )
      : sc.track(new oc.BRepFilletAPI_MakeChamfer(body.shape.wrapped));
  for (const e of edges) mk.Add(size, e.edge.wrapped);
  mk.Build();
  const what = f.type === "fillet" ? `radius ${size}` : `distance ${size}`;
  const refused: (why: string) => never = (why) =>
    fail(
      "KERNEL_FAILURE",
      `OpenCascade could not ${f.type} ${[...edges].map((x) => `edge:${x.name}`).join(", ")} with ${what} (${why}); try a smaller ${f.type === "fillet" ? "radius" : "distance"} or fewer edges`,
    );
  let result: TopoDS_Shape;
  try {
    // Not done → Shape() throws StdFail_NotDone: keep OpenCascade's own words (D6).
    result = sc.track(mk.Shape());
  } catch (e) {
    refused(formatOcFailure(ocFailure(oc, e)));
  }
  // A "done" blend that changed nothing or broke the solid is a failure too (check.ts, D5.4).
  const problem = resultProblem(oc, body.shape.wrapped, result);
  if (problem) refused(`it returned ${problem}`);
  const blendBase = (e: EdgeRec): string => `${f.id}:blend[${e.name}]`;

  const body2 = finish(ctx, result, {
    claim: (index, claims) => {
      transfer(bodyInputs(body), (s) => listItems(oc, mk.Modified(s)), index, claims);
      transferGenerated(
        [...edges].map((e) => ({
          shape: e.edge.wrapped as TopoDS_Shape,
          claim: historyClaim(blendBase(e)),
        })),
        (s) => listItems(oc, mk.Generated(s)),
        index,
        claims,
      );
      transferGenerated(
        cornerInputs(ctx, body.faces as FaceRec[], edges),
        (s) => listItems(oc, mk.Generated(s)),
        index,
        claims,
      );
    },
    fallback: bodyFallback(body),
  });

  // R3.3: each blended edge is consumed, replaced by its blend face(s).
  const consumed = new Map<string, string[]>();
  for (const e of edges) {
    const by = (body2.faces as FaceRec[])
      .filter((x) => x.base === blendBase(e) || x.aliases.includes(blendBase(e)))
      .map((x) => `face:${x.name}`);
    consumed.set(e.name, by);
    if (e.base !== e.name) consumed.set(e.base, by);
  }
  return { body: body2, consumed };
}

/** Vertices of the blended edges, each with `corner[A|B|C]` of the three faces around it. */
function cornerInputs(
  ctx: FeatureContext,
  faces: FaceRec[],
  edges: Set<EdgeRec>,
): { shape: TopoDS_Shape; claim: ReturnType<typeof historyClaim> }[] {
  const { oc, sc } = ctx;
  const around = new ShapeMap<{ v: TopoDS_Shape; faces: Set<string> }>(oc);
  for (const e of edges) {
    for (const v of subShapes(oc, e.edge.wrapped, "vertex")) {
      sc.track(v);
      if (!around.has(v)) around.set(v, { v, faces: new Set() });
    }
  }
  if (around.size === 0) return [];
  for (const f of faces) {
    for (const v of subShapes(oc, f.face.wrapped, "vertex")) {
      const hit = around.get(v);
      if (hit) hit.faces.add(f.name);
      v.delete();
    }
  }
  const out: { shape: TopoDS_Shape; claim: ReturnType<typeof historyClaim> }[] = [];
  for (const [, { v, faces: names }] of around.entries()) {
    if (names.size !== 3) continue;
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    out.push({ shape: v, claim: historyClaim(`${ctx.featureId}:corner[${sorted.join("|")}]`) });
  }
  return out;
}
