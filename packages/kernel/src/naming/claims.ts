/**
 * Claims: the names an operation's history hands to each face of its result (R2.2). A result
 * face may receive several claims (faces merged by the boolean's simplification, R2.1) and a
 * name may land on several faces (a face split in pieces, R2.3); `chooseName` and the assembler
 * settle both.
 */
import type { TopoDS_Shape } from "replicad-opencascadejs";
import type { OC } from "../oc/load.ts";
import { ShapeMap } from "../oc/topo.ts";
import type { NamedFace, ResolvedBy } from "./named-body.ts";

export interface Claim {
  /** Face name without `@k` and without the `face:` prefix. */
  base: string;
  /** Other names that resolve to this face (earlier merges). */
  aliases: string[];
  resolvedBy: ResolvedBy;
}

/** A face of a NamedBody with its naming data (what `NamedBody.faces` holds at runtime). */
export interface FaceRec extends NamedFace {
  base: string;
  aliases: string[];
}

/** Feature id of a face name: everything before the first `:`. */
export const featureOfName = (name: string): string => name.slice(0, name.indexOf(":"));

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * R2.1: a face claimed by several names takes the one of the earliest feature (ties: code-unit
 * order); the others become aliases.
 */
export function chooseName(claims: Claim[], order: (featureId: string) => number): Claim {
  const sorted = [...claims].sort(
    (a, b) =>
      order(featureOfName(a.base)) - order(featureOfName(b.base)) || byCodeUnits(a.base, b.base),
  );
  const first = sorted[0]!;
  const aliases = new Set<string>();
  for (const c of sorted) {
    aliases.add(c.base);
    c.aliases.forEach((a) => aliases.add(a));
  }
  aliases.delete(first.base);
  return {
    base: first.base,
    aliases: [...aliases].sort(byCodeUnits),
    resolvedBy: first.resolvedBy,
  };
}

/** The claim a face of an existing body passes on. */
export const claimOf = (f: FaceRec): Claim => ({
  base: f.base,
  aliases: f.aliases,
  resolvedBy: f.resolvedBy,
});

/**
 * Index of the result's faces: face → position. Keys are borrowed from `faces`.
 */
export function indexFaces(oc: OC, faces: TopoDS_Shape[]): ShapeMap<number> {
  const m = new ShapeMap<number>(oc);
  faces.forEach((f, i) => m.set(f, i));
  return m;
}

/**
 * Pass claims through one step of history: each input's claim goes to the result faces it was
 * modified into, or to itself when it survives unchanged (Modified is empty then). `modified`
 * returns shapes the caller owns; they are deleted here. An input that lands nowhere was deleted.
 */
export function transfer(
  inputs: { shape: TopoDS_Shape; claim: Claim }[],
  modified: (s: TopoDS_Shape) => TopoDS_Shape[],
  result: ShapeMap<number>,
  out: Claim[][],
): void {
  for (const { shape, claim } of inputs) {
    const mods = modified(shape);
    let hits = 0;
    for (const m of mods) {
      const i = result.get(m);
      if (i !== undefined) {
        out[i]!.push(claim);
        hits++;
      }
      m.delete();
    }
    if (hits === 0 && mods.length === 0) {
      const i = result.get(shape);
      if (i !== undefined) out[i]!.push(claim);
    }
  }
}

/** Claims for generated faces: `generated(s)` → result faces, each claiming `claim`. */
export function transferGenerated(
  inputs: { shape: TopoDS_Shape; claim: Claim }[],
  generated: (s: TopoDS_Shape) => TopoDS_Shape[],
  result: ShapeMap<number>,
  out: Claim[][],
): void {
  for (const { shape, claim } of inputs) {
    for (const g of generated(shape)) {
      const i = result.get(g);
      if (i !== undefined) out[i]!.push(claim);
      g.delete();
    }
  }
}
