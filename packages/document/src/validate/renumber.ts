/**
 * D4.1.1: warn (POLYLINE_RENUMBERED) when a document changes the point count of a polyline whose
 * segments later features reference, compared with a previous version of the document.
 */
import { problem } from "../problems.ts";
import { faceNamesOf, parseRef } from "../refs.ts";
import type { RawDocument } from "../raw.ts";
import type { Model, Problem } from "../types.ts";
import { parsePoints, splitList } from "../values.ts";
import type { FeatureTable } from "./features.ts";
import { MAX_REF_DEPTH, bracketDepth } from "./refs.ts";

/** `sketchId/entityId` → point count of each polyline. */
export type PolylineCounts = Map<string, number>;

const key = (sketch: string, entity: string): string => `${sketch}\u0000${entity}`;

export function countsOfRaw(doc: RawDocument): PolylineCounts {
  const out: PolylineCounts = new Map();
  for (const f of doc.features) {
    if (f.name !== "sketch") continue;
    const sketchId = f.attrs.get("id") ?? "";
    for (const e of f.children) {
      if (e.name !== "polyline") continue;
      const pts = parsePoints(e.attrs.get("points") ?? "");
      if (pts.ok) out.set(key(sketchId, e.attrs.get("id") ?? ""), pts.points.length);
    }
  }
  return out;
}

export function countsOfModel(model: Model): PolylineCounts {
  const out: PolylineCounts = new Map();
  for (const f of model.features) {
    if (f.type !== "sketch") continue;
    for (const e of f.entities)
      if (e.type === "polyline") out.set(key(f.id, e.id), e.points.length);
  }
  return out;
}

const REF_ATTRS = ["plane", "faces", "to", "edges"];

export function checkRenumbered(
  table: FeatureTable,
  previous: PolylineCounts,
  out: Problem[],
): void {
  for (const sketch of table.list) {
    if (sketch.type !== "sketch") continue;
    for (const e of sketch.el.children) {
      if (e.name !== "polyline") continue;
      const pid = e.attrs.get("id") ?? "";
      const now = sketch.entities.get(pid)?.points;
      const before = previous.get(key(sketch.id, pid));
      if (now === undefined || before === undefined || now === before) continue;
      const users = new Set(
        table.list
          .filter(
            (f) =>
              (f.type === "extrude" || f.type === "revolve") &&
              f.el.attrs.get("sketch") === sketch.id,
          )
          .map((f) => f.id),
      );
      const referencing = new Set<string>();
      for (const f of table.list) {
        for (const attr of REF_ATTRS) {
          const value = f.el.attrs.get(attr);
          if (value !== undefined && mentionsSegment(value, users, pid)) referencing.add(f.id);
        }
      }
      if (referencing.size === 0) continue;
      out.push(
        problem(
          "POLYLINE_RENUMBERED",
          `Polyline "${pid}" in sketch "${sketch.id}" now has ${now} points instead of ${before}, so its segment names after the change moved (D4.1.1); ${[...referencing].join(", ")} reference${referencing.size === 1 ? "s" : ""} side:${pid}.k faces: check that each still names the segment you mean.`,
          {
            featureId: sketch.id,
            entityId: pid,
            attribute: "points",
            pos: e.attrPos?.get("points") ?? e.pos,
          },
        ),
      );
    }
  }
}

function mentionsSegment(value: string, users: Set<string>, pid: string): boolean {
  for (const token of splitList(value)) {
    if (!token.includes(`side:${pid}.`) || bracketDepth(token) > MAX_REF_DEPTH) continue;
    const r = parseRef(token);
    if (!r.ok) continue;
    const hit = faceNamesOf(r.value).some(
      (f) => f.role.kind === "side" && users.has(f.feature) && f.role.segment.startsWith(`${pid}.`),
    );
    if (hit) return true;
  }
  return false;
}
