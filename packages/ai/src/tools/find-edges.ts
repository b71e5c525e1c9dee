import { z } from "zod";
import { compareCodeUnits } from "@kerf/document";
import type { BuildResult, EdgeInfo } from "@kerf/kernel";
import { fail, ok, type ToolResult } from "../envelope.ts";
import { viewOf } from "../geometry/index-view.ts";
import { resolveRef } from "../geometry/resolve.ts";
import { defineTool, type Given } from "../tool.ts";
import { firstMatches, unknownFeature } from "./shared.ts";

const CURVE_TYPES = ["line", "circle", "arc", "ellipse", "bspline", "any"] as const;
const CONVEXITY = ["convex", "concave", "smooth", "any"] as const;

const schema = z.strictObject({
  curveType: z
    .enum(CURVE_TYPES)
    .nullable()
    .optional()
    .describe('Kind of curve: circle = a closed circle, arc = part of one; null or "any" for all.'),
  faceRef: z
    .string()
    .nullable()
    .optional()
    .describe('Only edges bounding this face, e.g. "face:e1:top".'),
  featureId: z.string().nullable().optional().describe("Only edges named by this feature."),
  minLength: z.number().nonnegative().nullable().optional().describe("Shortest length in mm."),
  maxLength: z.number().nonnegative().nullable().optional().describe("Longest length in mm."),
  convexity: z
    .enum(CONVEXITY)
    .nullable()
    .optional()
    .describe(
      "convex = outside corner (a fillet removes material), concave = inside corner, smooth = tangent.",
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(500)
    .nullable()
    .optional()
    .describe("Most edges to return (default 25)."),
});

export type FindEdgesArgs = Given<z.output<typeof schema>>;

/** Pure: the T1 answer of find_edges over a build's TopologyIndex. */
export function findEdges(build: BuildResult, args: FindEdgesArgs): ToolResult {
  const { curveType, featureId, minLength, maxLength, convexity } = args;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    return fail(
      "INVALID_ARGUMENTS",
      `minLength (${minLength}) is larger than maxLength (${maxLength}).`,
    );
  }
  if (featureId !== undefined && !build.features.some((f) => f.id === featureId)) {
    return unknownFeature(build, featureId);
  }
  const view = viewOf(build.topology);
  let candidates: EdgeInfo[] = view.edges;
  if (args.faceRef !== undefined) {
    if (!args.faceRef.startsWith("face:")) {
      return fail("WRONG_REF_KIND", `faceRef must be a face ref (face:…), got "${args.faceRef}".`);
    }
    const face = resolveRef(build, args.faceRef);
    if (!face.ok) return { ok: false, error: face.error };
    const refs = new Set(face.items.map((f) => f.ref));
    candidates = [...refs].flatMap((r) => view.edgesByFace.get(r) ?? []);
    if (refs.size > 1) {
      candidates = [...new Set(candidates)].sort((a, b) => compareCodeUnits(a.ref, b.ref));
    }
  }
  const limit = args.limit ?? 25;
  const found = firstMatches(
    candidates,
    (edge) =>
      (!curveType || curveType === "any" || edge.curveType === curveType) &&
      (featureId === undefined || edge.featureId === featureId) &&
      (minLength === undefined || edge.length >= minLength) &&
      (maxLength === undefined || edge.length <= maxLength) &&
      (!convexity || convexity === "any" || edge.convexity === convexity),
    limit,
  );
  return ok({ total: found.total, truncated: found.truncated, edges: found.matches });
}

export const findEdgesTool = defineTool({
  name: "find_edges",
  description: [
    "Find edges of the built body by curve type, bounding face, feature, length and convexity. Use it before a fillet or chamfer to get the exact edge refs (convex edges are the outside corners a fillet rounds).",
    "Returns {total, truncated, edges: [EdgeInfo]} sorted by ref; EdgeInfo = {ref, featureId, curveType, length (mm), start, end, midpoint, direction (lines), center and radius (circles, arcs), convexity, faces: [faceRef, faceRef], fragile?}. All arguments are optional (null = not given).",
    'Example: {"curveType":"line","faceRef":"face:e1:top","featureId":null,"minLength":null,"maxLength":null,"convexity":"convex","limit":null} → {"total":4,"truncated":false,"edges":[{"ref":"edge:e1:side:r1.bottom|e1:top","length":40,…},…]}',
  ].join("\n"),
  schema,
  readOnly: true,
  truncationHint:
    "Narrow the query with faceRef, featureId, curveType, convexity, minLength/maxLength or a smaller limit.",
  run: async (args, { session }) => findEdges(await session.currentBuild(), args),
});
