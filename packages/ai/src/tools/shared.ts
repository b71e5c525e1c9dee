import type { BuildResult } from "@kerf/kernel";
import { fail, type ToolResult } from "../envelope.ts";
import { nearestRefs } from "../geometry/nearby.ts";

/** A featureId filter naming no feature of the document (T1.3: list the valid ones). */
export function unknownFeature(build: BuildResult, id: string): ToolResult {
  const ids = build.features.map((f) => f.id);
  return fail(
    "REF_NOT_FOUND",
    `There is no feature "${id}". Features: ${ids.join(", ") || "none"}.`,
    {
      suggestions: nearestRefs(id, ids),
    },
  );
}
