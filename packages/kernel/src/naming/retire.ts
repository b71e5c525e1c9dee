/**
 * Why names disappear (R3.3): after each feature, every name the previous body answered to that
 * the new body no longer resolves is recorded as consumed (a blend replaced it) or deleted, with
 * the feature responsible. Entries accumulate along the feature list and drop out when a name
 * comes back.
 */
import type { RetiredName } from "../types.ts";
import type { EdgeRec } from "./assemble.ts";
import type { FaceRec } from "./claims.ts";
import { nameIndex } from "./name-index.ts";
import type { NamedBody } from "./named-body.ts";

/**
 * Fill `next.retired`. `consumed` maps names (no prefix) the feature replaced to the refs that
 * replaced them (e.g. a filleted edge → its `face:f1:blend[...]`).
 */
export function retireNames(
  prev: NamedBody | null,
  next: NamedBody,
  featureId: string,
  consumed: Map<string, string[]> = new Map(),
): void {
  const ix = nameIndex(next);
  const resolves = (name: string, face: boolean): boolean =>
    (face ? ix.faces(name) : ix.edges(name)).length > 0;
  const retired: Record<string, RetiredName> = {};
  for (const [name, r] of Object.entries(prev?.retired ?? {})) {
    if (!resolves(name, isFaceName(name))) retired[name] = r;
  }
  if (prev) {
    const names: [string, boolean][] = [];
    for (const f of prev.faces as FaceRec[]) {
      names.push([f.base, true]);
      f.aliases.forEach((a) => names.push([a, true]));
      if (f.name !== f.base) names.push([f.name, true]);
    }
    for (const e of prev.edges as EdgeRec[]) {
      names.push([e.base, false]);
      if (e.name !== e.base) names.push([e.name, false]);
    }
    for (const [name, face] of names) {
      if (retired[name] || resolves(name, face)) continue;
      // A numbered piece whose base still resolves just changed number: REF_NOT_FOUND will
      // suggest the current names; it is not retired.
      const base = name.replace(face ? /@\d+$/ : /#\d+$/, "");
      if (base !== name && resolves(base, face)) continue;
      const by = consumed.get(name);
      retired[name] = by
        ? { code: "REF_CONSUMED", byFeature: featureId, replacedBy: by }
        : { code: "REF_DELETED", byFeature: featureId };
    }
  }
  next.retired = retired;
}

/** A face name has no `|` outside brackets. */
export function isFaceName(name: string): boolean {
  let depth = 0;
  for (const c of name) {
    if (c === "[") depth++;
    else if (c === "]") depth--;
    else if (c === "|" && depth === 0) return false;
  }
  return true;
}
