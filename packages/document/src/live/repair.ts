/**
 * Yjs has no move, so two replicas moving the same feature at the same time each leave a copy
 * (commands.ts `moveFeature`); the same goes for two replicas adding a feature under one
 * caller-chosen id. `repairDuplicateIds` keeps one element per id (feature ids in the list, entity
 * ids in a sketch) and deletes the others. Every replica picks the same survivor (the element
 * with the smallest Yjs item id), so replicas that repair independently still converge.
 */
import * as Y from "yjs";
import type { Origin } from "../types.ts";
import { featuresOf } from "./shape.ts";

function itemKey(el: Y.XmlElement): [number, number] {
  const id = el._item?.id;
  return id ? [id.client, id.clock] : [Infinity, Infinity];
}

function before(a: Y.XmlElement, b: Y.XmlElement): boolean {
  const [ca, ka] = itemKey(a);
  const [cb, kb] = itemKey(b);
  return ca < cb || (ca === cb && ka < kb);
}

/** Indices (in `parent`) of elements whose id another element with a smaller item id has. */
function losers(parent: Y.XmlFragment | Y.XmlElement): number[] {
  const keep = new Map<string, Y.XmlElement>();
  const children = parent.toArray();
  for (const c of children) {
    if (!(c instanceof Y.XmlElement)) continue;
    const id = c.getAttribute("id");
    if (id === undefined) continue;
    const k = keep.get(id);
    if (!k || before(c, k)) keep.set(id, c);
  }
  const out: number[] = [];
  children.forEach((c, i) => {
    if (c instanceof Y.XmlElement) {
      const id = c.getAttribute("id");
      if (id !== undefined && keep.get(id) !== c) out.push(i);
    }
  });
  return out;
}

/** Delete duplicate-id copies, in one transaction; returns how many elements were deleted. */
export function repairDuplicateIds(doc: Y.Doc, origin: Origin = "remote"): number {
  const fragment = featuresOf(doc);
  const plan: [Y.XmlFragment | Y.XmlElement, number[]][] = [];
  const top = losers(fragment);
  if (top.length > 0) plan.push([fragment, top]);
  const dropped = new Set(top);
  fragment.toArray().forEach((c, i) => {
    if (c instanceof Y.XmlElement && c.nodeName === "sketch" && !dropped.has(i)) {
      const inner = losers(c);
      if (inner.length > 0) plan.push([c, inner]);
    }
  });
  if (plan.length === 0) return 0;
  let count = 0;
  doc.transact(() => {
    for (const [parent, indices] of plan) {
      for (const i of [...indices].reverse()) parent.delete(i, 1);
      count += indices.length;
    }
  }, origin);
  return count;
}

/**
 * Repair after every transaction that came from another replica. Returns a function that stops
 * watching. (The repair is itself a transaction with origin "remote", never undone.)
 */
export function watchDuplicateIds(doc: Y.Doc): () => void {
  const handler = (tr: Y.Transaction): void => {
    if (!tr.local) repairDuplicateIds(doc);
  };
  doc.on("afterTransaction", handler);
  return () => doc.off("afterTransaction", handler);
}
