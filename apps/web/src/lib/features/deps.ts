/**
 * Which features a feature uses (D5.3), for delete warnings, drag-to-reorder and the tree's
 * dependency hints. Refs are parsed with the document package's R1 grammar.
 */
import { featuresOfRef, parseRef, type Feature, type Model } from "@kerf/document";

/** Every ref string a feature stores, with the attribute it sits in. */
export function refsOf(f: Feature): { attribute: string; ref: string }[] {
  const out: { attribute: string; ref: string }[] = [];
  const add = (attribute: string, refs: readonly string[] | undefined) => {
    for (const ref of refs ?? []) out.push({ attribute, ref });
  };
  switch (f.type) {
    case "sketch":
      if (f.plane !== "XY" && f.plane !== "XZ" && f.plane !== "YZ") add("plane", [f.plane]);
      break;
    case "extrude":
      add("faces", f.faces);
      if (f.to) add("to", [f.to]);
      break;
    case "revolve":
      break;
    case "fillet":
    case "chamfer":
      add("edges", f.edges);
      break;
    case "shell":
      add("faces", f.faces);
      break;
    default: {
      const never: never = f;
      throw new Error(`unknown feature ${JSON.stringify(never)}`);
    }
  }
  return out;
}

/** Ids of the features `f` uses directly. */
export function usesOf(f: Feature): Set<string> {
  const out = new Set<string>();
  if ((f.type === "extrude" || f.type === "revolve") && f.sketch) out.add(f.sketch);
  for (const { ref } of refsOf(f)) {
    const r = parseRef(ref);
    if (r.ok) for (const id of featuresOfRef(r.value)) out.add(id);
  }
  out.delete(f.id);
  return out;
}

/** Features that use `id`, directly or through others, in document order. */
export function dependentsOf(model: Model, id: string): string[] {
  const hit = new Set<string>([id]);
  const out: string[] = [];
  for (const f of model.features) {
    if (f.id === id) continue;
    for (const u of usesOf(f)) {
      if (hit.has(u)) {
        hit.add(f.id);
        out.push(f.id);
        break;
      }
    }
  }
  return out;
}

/**
 * Is `order` (feature ids, the whole list after a move) a valid order for the moved feature
 * `moved`? Refused when a feature would come before one it uses (D5.3).
 */
export function checkOrder(
  model: Model,
  order: readonly string[],
  moved: string,
): { ok: true } | { ok: false; reason: string } {
  const position = new Map(order.map((id, i) => [id, i]));
  for (const g of model.features) {
    const gi = position.get(g.id);
    if (gi === undefined) continue;
    for (const u of usesOf(g)) {
      const ui = position.get(u);
      if (ui !== undefined && ui > gi) {
        return {
          ok: false,
          reason:
            g.id === moved
              ? `${moved} uses ${u}, so it cannot come before it`
              : `${g.id} uses ${moved}, so ${moved} cannot come after it`,
        };
      }
    }
  }
  return { ok: true };
}

/** `ids` with the item at `from` moved to index `to` (its index after the move). */
export function moved<T>(ids: readonly T[], from: number, to: number): T[] {
  const out = [...ids];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(Math.max(0, Math.min(out.length, to)), 0, item);
  return out;
}
