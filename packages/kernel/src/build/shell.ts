/**
 * shell (D5, D5.0.1): BRepOffsetAPI_MakeThickSolid by join, material kept inside. Names (R2):
 * each kept face keeps its name (it stays in the result), its offset copy is
 * `<id>:inner[<face>]` (Generated(face)); an opened face keeps its name on the rim that remains
 * of it (Modified(face) is that rim).
 *
 * TRAP: MakeThickSolidByJoin can "succeed" without shelling: IsDone() is true, Shape() does not
 * throw, and the shape is the input's faces with the opened face put back (same volume, same face
 * count), no inner wall. Seen when
 * - two chamfers are mitred at a corner of the opened face: four edges meet at that vertex, which
 *   Intersection = false (each offset intersected only with its neighbours' offsets) cannot
 *   handle (OCCT: "may fail if the shape contains vertices where more than 3 edges converge");
 *   Intersection = true (all offsets intersected with each other) builds it;
 * - the opened face runs tangentially into a kept face (a fillet): the wall would meet the
 *   opening in a knife edge; no setting builds it;
 * - the wall is too thick for the part.
 * So every result goes through `resultProblem` (check.ts); a refused one is retried with
 * Intersection = true, and if that fails too the feature fails (D5.4) with KERNEL_FAILURE and a
 * hint, never a silent "ok". Intersection = false stays first: it is OCCT's recommended setting
 * and what every shell that worked before was built with.
 */
import type { ShellFeature } from "@kerf/document";
import type { BRepOffsetAPI_MakeThickSolid, TopoDS_Shape } from "replicad-opencascadejs";
import type { EdgeRec } from "../naming/assemble.ts";
import { transfer, transferGenerated, type FaceRec } from "../naming/claims.ts";
import { isSmoothEdge } from "../naming/geometry.ts";
import type { NamedBody } from "../naming/named-body.ts";
import { resolveRef } from "../naming/resolve.ts";
import { formatOcFailure, ocFailure } from "../oc/errors.ts";
import { listItems, makeList } from "../oc/topo.ts";
import { resultProblem } from "./check.ts";
import type { FeatureContext, FeatureOutput } from "./context.ts";
import { fail } from "./errors.ts";
import { bodyFallback, bodyInputs, finish } from "./finish.ts";
import { historyClaim } from "./tool.ts";

/** MakeThickSolidByJoin's `Intersection` flag, in the order tried (see TRAP above). */
const INTERSECTION_ATTEMPTS = [false, true] as const;

type Attempt =
  { ok: true; mk: BRepOffsetAPI_MakeThickSolid; result: TopoDS_Shape } | { ok: false; why: string };

export function buildShell(ctx: FeatureContext, f: ShellFeature): FeatureOutput {
  const { oc, sc } = ctx;
  const body = ctx.prev.body;
  if (!body) fail("NO_BODY", `shell ${f.id} needs a body to hollow`);
  if (f.faces.length === 0) fail("REF_NOT_FOUND", `shell ${f.id} needs at least one face to open`);
  const open = new Set<FaceRec>();
  for (const ref of f.faces) {
    const r = resolveRef(body, ref, "faces", ctx.prev);
    if (!r.ok) fail(r.error.code, `faces: ${r.error.message}`, r.error.suggestions);
    r.value.faces.forEach((x) => open.add(x as FaceRec));
  }
  const removed = sc.track(
    makeList(
      oc,
      [...open].map((x) => x.face.wrapped),
    ),
  );

  const attempt = (intersection: boolean): Attempt => {
    const mk = sc.track(new oc.BRepOffsetAPI_MakeThickSolid());
    try {
      mk.MakeThickSolidByJoin(
        body.shape.wrapped,
        removed,
        -f.thickness,
        1e-3,
        oc.BRepOffset_Mode.BRepOffset_Skin,
        intersection,
        false,
        oc.GeomAbs_JoinType.GeomAbs_Arc,
        false,
      );
      mk.Build();
      // Not done → Shape() throws StdFail_NotDone: keep OpenCascade's own words (D6).
      const result = sc.track(mk.Shape());
      const problem = resultProblem(oc, body.shape.wrapped, result, { removesMaterial: true });
      return problem ? { ok: false, why: `it returned ${problem}` } : { ok: true, mk, result };
    } catch (e) {
      return { ok: false, why: formatOcFailure(ocFailure(oc, e)) };
    }
  };

  let done: Extract<Attempt, { ok: true }> | undefined;
  const why: string[] = [];
  for (const intersection of INTERSECTION_ATTEMPTS) {
    const a = attempt(intersection);
    if (a.ok) {
      done = a;
      break;
    }
    why.push(a.why);
  }
  if (!done) {
    const faces = [...open].map((x) => `face:${x.name}`).join(", ");
    const retried =
      why[1] && why[1] !== why[0] ? ` (retried with all offsets intersected: ${why[1]})` : "";
    fail(
      "KERNEL_FAILURE",
      `OpenCascade could not shell ${f.id} (open ${faces}, thickness ${f.thickness}): ${why[0]}${retried}; ${shellHint(oc, body, open)}`,
    );
  }
  const { mk, result } = done;

  const kept = (body.faces as FaceRec[]).filter((x) => !open.has(x));
  return {
    body: finish(ctx, result, {
      claim: (index, claims) => {
        transfer(bodyInputs(body), (s) => listItems(oc, mk.Modified(s)), index, claims);
        transferGenerated(
          kept.map((x) => ({
            shape: x.face.wrapped as TopoDS_Shape,
            claim: historyClaim(`${f.id}:inner[${x.name}]`),
          })),
          (s) => listItems(oc, mk.Generated(s)),
          index,
          claims,
        );
      },
      fallback: bodyFallback(body),
    }),
  };
}

/**
 * What the user can change when OpenCascade cannot shell. An opened face that meets a kept face
 * tangentially (typically a fillet) is a case OpenCascade's offset does not handle at all.
 */
function shellHint(oc: FeatureContext["oc"], body: NamedBody, open: Set<FaceRec>): string {
  const smooth: string[] = [];
  for (const e of body.edges as EdgeRec[]) {
    const [a, b] = e.faceRecs;
    if (a === b || open.has(a) === open.has(b)) continue;
    if (isSmoothEdge(oc, e.edge.wrapped, a.face.wrapped, b.face.wrapped)) {
      const [o, k] = open.has(a) ? [a, b] : [b, a];
      smooth.push(`face:${o.name} runs smoothly into face:${k.name}`);
    }
  }
  if (smooth.length === 0) {
    return "try a thinner wall, open other faces, or put the shell before the fillets and chamfers";
  }
  return `${[...new Set(smooth)].join(", ")}, and OpenCascade cannot open a face along a tangent edge: open faces whose edges are all sharp, or put the shell before the fillet`;
}
