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

/** The first `limit` items that pass `keep`, and how many passed in all (find_faces/find_edges). */
export function firstMatches<T>(
  items: readonly T[],
  keep: (item: T) => boolean,
  limit: number,
): { total: number; truncated: boolean; matches: T[] } {
  const matches: T[] = [];
  let total = 0;
  for (const item of items) {
    if (!keep(item)) continue;
    total++;
    if (matches.length < limit) matches.push(item);
  }
  return { total, truncated: total > matches.length, matches };
}
