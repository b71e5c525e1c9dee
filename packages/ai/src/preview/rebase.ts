/**
 * L7: carry a proposal (base → proposal) onto a document that changed meanwhile (base → current).
 * A three-way merge by feature id: a feature changed on one side takes that side's version;
 * changed on both sides (differently) is a conflict and the apply is refused. Features the user
 * added meanwhile stay where they were, after the feature they followed.
 */
import type { Feature, Model } from "@kerf/document";
import { canonicalJson } from "../runner/canonical-json.ts";

export type RebaseResult = { ok: true; model: Model } | { ok: false; conflicts: string[] };

export function rebase(base: Model, proposal: Model, current: Model): RebaseResult {
  const B = byId(base);
  const P = byId(proposal);
  const C = byId(current);
  const same = (a: Feature | undefined, b: Feature | undefined): boolean =>
    a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b);

  const conflicts: string[] = [];
  const ids = new Set([...B.keys(), ...P.keys(), ...C.keys()]);
  const take = new Map<string, Feature>();
  for (const id of ids) {
    const changedP = !same(B.get(id), P.get(id));
    const changedC = !same(B.get(id), C.get(id));
    if (changedP && changedC && !same(P.get(id), C.get(id))) conflicts.push(id);
    const f = changedP ? P.get(id) : C.get(id);
    if (f) take.set(id, f);
  }
  const movedP = reordered(base, proposal);
  const movedC = reordered(base, current);
  if (movedP.length > 0 && movedC.length > 0)
    conflicts.push(...movedP.filter((id) => movedC.includes(id)));
  const name = base.name !== proposal.name ? proposal.name : current.name;
  if (base.name !== proposal.name && base.name !== current.name && proposal.name !== current.name) {
    conflicts.push("(model name)");
  }
  if (conflicts.length > 0) return { ok: false, conflicts: [...new Set(conflicts)] };

  // The side that reordered features gives the skeleton; the other side's additions slot in.
  const [skeleton, other] =
    movedC.length > 0 && movedP.length === 0 ? [current, proposal] : [proposal, current];
  const order = skeleton.features.map((f) => f.id as string);
  const otherIds = other.features.map((f) => f.id as string);
  otherIds.forEach((id, i) => {
    if (B.has(id) || order.includes(id)) return;
    const after = otherIds
      .slice(0, i)
      .reverse()
      .find((prev) => order.includes(prev));
    order.splice(after === undefined ? 0 : order.indexOf(after) + 1, 0, id);
  });
  const features = order.filter((id) => take.has(id)).map((id) => take.get(id)!);
  return { ok: true, model: { ...current, name, features } };
}

function byId(model: Model): Map<string, Feature> {
  return new Map(model.features.map((f) => [f.id as string, f]));
}

/** Ids whose relative order among the features both documents share differs. */
function reordered(a: Model, b: Model): string[] {
  const inB = new Set(b.features.map((f) => f.id as string));
  const inA = new Set(a.features.map((f) => f.id as string));
  const seqA = a.features.map((f) => f.id as string).filter((id) => inB.has(id));
  const seqB = b.features.map((f) => f.id as string).filter((id) => inA.has(id));
  return seqA.filter((id, i) => seqB[i] !== id);
}
