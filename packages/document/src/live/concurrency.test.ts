import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { Rng } from "../testing/rng.ts";
import {
  addEntity,
  addFeature,
  moveFeature,
  removeEntity,
  removeFeature,
  setSuppressed,
  updateEntity,
  updateFeature,
} from "./commands.ts";
import { createDoc, loadText, toText } from "./doc.ts";
import { clientTag, isSoleWriter, nextFeatureId } from "./ids.ts";
import { repairDuplicateIds, watchDuplicateIds } from "./repair.ts";
import { featureElements } from "./shape.ts";
import { createUndoManager } from "./undo.ts";

const BRACKET = readFileSync(
  new URL("../../../../examples/bracket.kerf.xml", import.meta.url),
  "utf8",
);

function sync(from: Y.Doc, to: Y.Doc): void {
  Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)), "remote");
}

function syncAll(docs: Y.Doc[]): void {
  for (let round = 0; round < 4; round++)
    for (const a of docs) for (const b of docs) if (a !== b) sync(a, b);
}

/** Duplicate feature ids, and duplicate entity ids within a sketch. */
function duplicates(doc: Y.Doc): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const el of featureElements(doc)) {
    const id = el.getAttribute("id") ?? "";
    if (seen.has(id)) out.push(id);
    seen.add(id);
    const inner = new Set<string>();
    for (const c of el.toArray()) {
      const eid = (c as Y.XmlElement).getAttribute("id") ?? "";
      if (inner.has(eid)) out.push(`${id}/${eid}`);
      inner.add(eid);
    }
  }
  return out;
}

function randomEdit(rng: Rng, doc: Y.Doc, allowMoves: boolean): void {
  const features = featureElements(doc);
  const ids = features.map((el) => el.getAttribute("id") ?? "");
  const sketches = features
    .filter((el) => el.nodeName === "sketch")
    .map((el) => el.getAttribute("id") ?? "");
  const kinds = [
    "sketch",
    "extrude",
    "entity",
    "update",
    "updateEntity",
    "suppress",
    "remove",
    "removeEntity",
  ];
  if (allowMoves) kinds.push("move", "move");
  switch (rng.pick(kinds)) {
    case "sketch":
      addFeature(doc, {
        type: "sketch",
        attrs: { plane: "XY" },
        entities: [{ type: "rect", attrs: { x: 0, y: 0, width: rng.int(1, 9), height: 2 } }],
      });
      return;
    case "extrude":
      if (sketches.length > 0) {
        addFeature(doc, {
          type: "extrude",
          attrs: { sketch: rng.pick(sketches), distance: rng.int(1, 50) },
        });
      }
      return;
    case "entity":
      if (sketches.length > 0) {
        addEntity(doc, rng.pick(sketches), {
          type: "circle",
          attrs: { cx: rng.int(0, 9), cy: 0, r: 1 },
        });
      }
      return;
    case "update":
      if (ids.length > 0) updateFeature(doc, rng.pick(ids), { name: `n${rng.int(0, 99)}` });
      return;
    case "updateEntity": {
      if (sketches.length === 0) return;
      const s = rng.pick(sketches);
      const el = features.find((f) => f.getAttribute("id") === s)!;
      const entities = el.toArray().map((c) => (c as Y.XmlElement).getAttribute("id") ?? "");
      if (entities.length > 0)
        updateEntity(doc, s, rng.pick(entities), { construction: rng.bool() });
      return;
    }
    case "suppress":
      if (ids.length > 0) setSuppressed(doc, rng.pick(ids), rng.bool());
      return;
    case "remove":
      if (ids.length > 3 && rng.bool(0.5)) removeFeature(doc, rng.pick(ids));
      return;
    case "removeEntity": {
      if (sketches.length === 0) return;
      const s = rng.pick(sketches);
      const el = features.find((f) => f.getAttribute("id") === s)!;
      const entities = el.toArray().map((c) => (c as Y.XmlElement).getAttribute("id") ?? "");
      if (entities.length > 1) removeEntity(doc, s, rng.pick(entities));
      return;
    }
    case "move":
      if (ids.length > 1) moveFeature(doc, rng.pick(ids), rng.int(0, ids.length - 1));
      return;
  }
}

/** Replica 0 loads the bracket; the others start empty and sync from it whenever the dice say. */
function replicas(count: number): Y.Doc[] {
  const first = createDoc();
  loadText(first, BRACKET);
  return [first, ...Array.from({ length: count - 1 }, () => new Y.Doc())];
}

function run(seed: number, count: number, steps: number, allowMoves: boolean): Y.Doc[] {
  const rng = new Rng(seed);
  const docs = replicas(count);
  const stop = allowMoves ? docs.map((d) => watchDuplicateIds(d)) : [];
  for (let step = 0; step < steps; step++) {
    const doc = rng.pick(docs);
    randomEdit(rng, doc, allowMoves);
    if (rng.bool(0.3)) {
      const a = rng.pick(docs);
      const b = rng.pick(docs);
      if (a !== b) sync(a, b);
    }
  }
  syncAll(docs);
  stop.forEach((f) => f());
  return docs;
}

describe("concurrent replicas", () => {
  it("[D7.2] ids created at the same time on two replicas differ; the sole writer keeps plain ids", () => {
    const [a, b] = replicas(2) as [Y.Doc, Y.Doc];
    sync(a, b);
    expect(isSoleWriter(a)).toBe(true);
    expect(isSoleWriter(b)).toBe(false);
    const ra = addFeature(a, { type: "sketch", attrs: { plane: "XY" } });
    const rb = addFeature(b, { type: "sketch", attrs: { plane: "XY" } });
    expect(ra).toEqual({ ok: true, value: "s3" });
    expect(rb).toEqual({ ok: true, value: `s3_${clientTag(b)}` });
    syncAll([a, b]);
    expect(toText(a)).toBe(toText(b));
    expect(duplicates(a)).toEqual([]);
    // Once a has seen b's writes it tags its ids too.
    expect(nextFeatureId(a, "sketch")).toBe(`s4_${clientTag(a)}`);
  });

  it("[D7.2] empty replicas waiting to sync tag their ids", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    expect(nextFeatureId(a, "extrude")).toBe(`e1_${clientTag(a)}`);
    expect(nextFeatureId(b, "extrude")).not.toBe(nextFeatureId(a, "extrude"));
  });

  it("[D7.2] numbers are not reused, so undoing a delete cannot collide with a newer feature", () => {
    const doc = createDoc();
    loadText(doc, BRACKET);
    const undo = createUndoManager(doc);
    const first = addFeature(doc, { type: "fillet", attrs: { edges: "face:e1:top", radius: 1 } });
    removeFeature(doc, first.ok ? first.value : "");
    const second = addFeature(doc, { type: "fillet", attrs: { edges: "face:e1:top", radius: 2 } });
    expect(first).toEqual({ ok: true, value: "f2" });
    expect(second).toEqual({ ok: true, value: "f3" });
    undo.undo(); // removes f3
    undo.undo(); // restores f2
    expect(duplicates(doc)).toEqual([]);
  });

  it.each([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])(
    "[D7.2] seed %i: 3 replicas, random concurrent edits synced in random order converge with unique ids",
    (seed) => {
      const docs = run(seed, 3, 250, false);
      const text = toText(docs[0]!);
      for (const d of docs) expect(toText(d)).toBe(text);
      for (const d of docs) expect(duplicates(d)).toEqual([]);
      // Ids from more than one replica made it in: the test really was concurrent.
      const tags = new Set(
        featureElements(docs[0]!).map((el) => (el.getAttribute("id") ?? "").split("_")[1] ?? ""),
      );
      expect(tags.size).toBeGreaterThan(1);
    },
  );

  it.each([21, 22, 23, 24, 25])(
    "[D7.2] seed %i: with concurrent moves, duplicate copies are repaired identically on every replica",
    (seed) => {
      const docs = run(seed, 3, 250, true);
      const text = toText(docs[0]!);
      for (const d of docs) expect(toText(d)).toBe(text);
      for (const d of docs) expect(duplicates(d)).toEqual([]);
    },
  );

  it("[D7.2] two replicas moving one feature at once leave two copies; repair keeps the same one everywhere", () => {
    const [a, b] = replicas(2) as [Y.Doc, Y.Doc];
    sync(a, b);
    moveFeature(a, "f1", 0);
    moveFeature(b, "f1", 2);
    syncAll([a, b]);
    expect(duplicates(a)).toEqual(["f1"]);
    expect(repairDuplicateIds(a)).toBe(1);
    expect(repairDuplicateIds(b)).toBe(1);
    syncAll([a, b]);
    expect(duplicates(a)).toEqual([]);
    expect(toText(a)).toBe(toText(b));
    expect(repairDuplicateIds(a)).toBe(0);
  });
});
