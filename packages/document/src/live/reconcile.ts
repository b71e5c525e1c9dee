/**
 * Make the live document equal a raw document with the fewest changes: features and entities are
 * matched by id; an unchanged element keeps its Y.XmlElement (the identity observers, undo
 * history and concurrent edits rely on); a changed one gets only its changed attributes set or
 * removed. Elements whose position relative to the others changed are re-created at their new
 * place (Yjs has no move). Call inside a transaction.
 */
import * as Y from "yjs";
import { stableIds } from "../ids-order.ts";
import type { RawDocument, RawElement } from "../raw.ts";
import { elementFromRaw, featuresOf, metaOf, writeMeta } from "./shape.ts";

export function reconcileDoc(doc: Y.Doc, target: RawDocument): void {
  writeMeta(metaOf(doc), target.root);
  reconcileChildren(featuresOf(doc), target.features, true);
}

function patchAttributes(el: Y.XmlElement, target: RawElement): void {
  const current = el.getAttributes() as Record<string, unknown>;
  for (const k of Object.keys(current)) if (!target.attrs.has(k)) el.removeAttribute(k);
  for (const [k, v] of target.attrs) if (current[k] !== v) el.setAttribute(k, v);
}

/** Make `parent`'s children equal `target` (features with their entities when `deep`). */
function reconcileChildren(
  parent: Y.XmlFragment | Y.XmlElement,
  target: readonly RawElement[],
  deep: boolean,
): void {
  const children = parent.toArray();
  // The first target element of each id may reuse the first current element of that id and type.
  const firstTarget = new Map<string, RawElement>();
  for (const t of target) {
    const id = t.attrs.get("id");
    if (id !== undefined && !firstTarget.has(id)) firstTarget.set(id, t);
  }
  const candidates = new Map<string, Y.XmlElement>();
  for (const c of children) {
    if (!(c instanceof Y.XmlElement)) continue;
    const id = c.getAttribute("id");
    if (id === undefined || candidates.has(id)) continue;
    if (firstTarget.get(id)?.name === c.nodeName) candidates.set(id, c);
  }
  const order = [...firstTarget.keys()].filter((id) => candidates.has(id));
  const stay = stableIds([...candidates.keys()], order);
  const kept = new Set([...stay].map((id) => candidates.get(id)!));
  for (let i = children.length - 1; i >= 0; i--) {
    const c = children[i]!;
    if (!(c instanceof Y.XmlElement) || !kept.has(c)) parent.delete(i, 1);
  }
  target.forEach((t, i) => {
    const id = t.attrs.get("id");
    const reuse =
      id !== undefined && firstTarget.get(id) === t && stay.has(id)
        ? candidates.get(id)
        : undefined;
    if (!reuse) {
      parent.insert(i, [elementFromRaw(t)]);
      return;
    }
    patchAttributes(reuse, t);
    if (deep) reconcileChildren(reuse, t.children, false);
  });
}
