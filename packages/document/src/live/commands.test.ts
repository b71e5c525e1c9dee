import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { entityId, featureId } from "../types.ts";
import {
  addEntity,
  addFeature,
  moveFeature,
  removeEntity,
  removeFeature,
  renameFeature,
  setMeta,
  setSuppressed,
  updateEntity,
  updateFeature,
} from "./commands.ts";
import { createDoc, featuresOf, loadText, toText } from "./doc.ts";
import { segmentMap } from "./polyline-map.ts";
import { createUndoManager } from "./undo.ts";
import { validate } from "../validate/index.ts";

const example = (n: string): string =>
  readFileSync(new URL(`../../../../examples/${n}.kerf.xml`, import.meta.url), "utf8");

function loaded(name: string): Y.Doc {
  const doc = createDoc();
  loadText(doc, example(name));
  return doc;
}

/** Records the origin of every transaction. */
function origins(doc: Y.Doc): unknown[] {
  const out: unknown[] = [];
  doc.on("afterTransaction", (tr: Y.Transaction) => out.push(tr.origin));
  return out;
}

const ids = (doc: Y.Doc): string[] =>
  (featuresOf(doc).toArray() as Y.XmlElement[]).map((el) => el.getAttribute("id") ?? "");

describe("commands", () => {
  it("[D7.1] addFeature from attributes: one transaction with origin user, id allocated, entity ids per type", () => {
    const doc = createDoc();
    const seen = origins(doc);
    const r = addFeature(doc, {
      type: "sketch",
      attrs: { plane: "XY" },
      entities: [
        { type: "rect", attrs: { x: 0, y: 0, width: 40, height: 20 } },
        { type: "circle", attrs: { cx: 0, cy: 0, r: 4 } },
        { type: "circle", attrs: { cx: 10, cy: 0, r: 0.5 } },
      ],
    });
    expect(r).toEqual({ ok: true, value: "s1" });
    expect(seen).toEqual(["user"]);
    expect(toText(doc)).toContain('<circle id="c2" cx="10" cy="0" r="0.5"/>');
    const e = addFeature(
      doc,
      { type: "extrude", attrs: { sketch: "s1", distance: 10 } },
      { origin: "ai" },
    );
    expect(e).toEqual({ ok: true, value: "e1" });
    expect(seen).toEqual(["user", "ai"]);
    expect(validate(toText(doc)).valid).toBe(true);
  });

  it("[D1] addFeature accepts a typed feature and a position; refuses a used id", () => {
    const doc = loaded("plate");
    const r = addFeature(
      doc,
      { type: "fillet", id: featureId("f1"), edges: [], radius: 2, suppressed: false },
      { at: 1 },
    );
    expect(r.ok).toBe(true);
    expect(ids(doc)).toEqual(["s1", "f1", "e1"]);
    expect(addFeature(doc, { type: "sketch", id: "e1", attrs: { plane: "XY" } })).toMatchObject({
      ok: false,
    });
  });

  it("[D7.1] updateFeature touches only the attributes whose value changes; null removes", () => {
    const doc = loaded("bracket");
    const e1 = featuresOf(doc).get(1) as Y.XmlElement;
    const changed: string[][] = [];
    e1.observe((ev) => changed.push([...ev.attributesChanged].sort()));
    const seen = origins(doc);
    expect(
      updateFeature(doc, "e1", { distance: "30", direction: null, op: "cut", name: undefined }),
    ).toEqual({
      ok: true,
      value: undefined,
    });
    expect(changed).toEqual([["direction", "op"]]);
    expect(seen).toEqual(["user"]);
    expect(updateFeature(doc, "e1", { distance: "30" })).toMatchObject({ ok: true });
    expect(seen).toHaveLength(1); // nothing changed, no transaction
    expect(updateFeature(doc, "nope", { distance: 1 })).toMatchObject({ ok: false });
    expect(updateFeature(doc, "e1", { id: "e9" })).toMatchObject({ ok: false });
  });

  it("[D7.1] numbers, booleans and lists are stored as D2 strings", () => {
    const doc = loaded("plate");
    updateFeature(doc, "e1", { distance: 0.1 + 0.2, suppressed: true });
    addFeature(doc, {
      type: "fillet",
      attrs: { edges: ["edge:e1:side:r1.right|e1:top", "face:e1:top"], radius: 1e-7 },
    });
    const text = toText(doc);
    expect(text).toContain('distance="0.30000000000000004"');
    expect(text).toContain('suppressed="true"');
    expect(text).toContain('edges="edge:e1:side:r1.right|e1:top face:e1:top" radius="1e-7"');
    expect(validate(text).valid).toBe(true);
  });

  it("[D3] setSuppressed and renameFeature; setMeta renames the model", () => {
    const doc = loaded("plate");
    setSuppressed(doc, "e1", true);
    renameFeature(doc, "e1", 'Base & "plate"');
    setMeta(doc, { name: "Renamed" });
    let text = toText(doc);
    expect(text).toContain(
      '<extrude id="e1" sketch="s1" distance="10" name="Base &amp; &quot;plate&quot;" suppressed="true"/>',
    );
    expect(text).toContain('name="Renamed"');
    setSuppressed(doc, "e1", false);
    renameFeature(doc, "e1", null);
    setMeta(doc, { name: null });
    text = toText(doc);
    expect(text).toContain('<extrude id="e1" sketch="s1" distance="10"/>');
    expect(text.split("\n")[0]).toBe('<model version="1" units="mm">');
  });

  it("[D7.1] removeFeature and moveFeature", () => {
    const doc = loaded("bracket");
    expect(moveFeature(doc, "f1", 2)).toMatchObject({ ok: true });
    expect(ids(doc)).toEqual(["s1", "e1", "f1", "s2", "e2"]);
    expect(moveFeature(doc, "s1", 99)).toMatchObject({ ok: true });
    expect(ids(doc)).toEqual(["e1", "f1", "s2", "e2", "s1"]);
    expect(removeFeature(doc, "s2")).toMatchObject({ ok: true });
    expect(ids(doc)).toEqual(["e1", "f1", "e2", "s1"]);
    expect(removeFeature(doc, "s2")).toMatchObject({ ok: false });
    expect(moveFeature(doc, "nope", 0)).toMatchObject({ ok: false });
    // The moved sketch kept its entities.
    expect(toText(doc)).toContain(
      '<polyline id="p1" points="0,0 60,0 60,6 6,6 6,40 0,40" closed="true"/>',
    );
  });

  it("[D4] addEntity, updateEntity, removeEntity", () => {
    const doc = loaded("plate");
    expect(addEntity(doc, "s1", { type: "circle", attrs: { cx: 10, cy: 0, r: 2 } })).toEqual({
      ok: true,
      value: "c2",
    });
    expect(
      addEntity(
        doc,
        "s1",
        { type: "line", id: entityId("l1"), x1: 0, y1: 0, x2: 1, y2: 0, construction: true },
        { at: 0 },
      ),
    ).toEqual({ ok: true, value: "l1" });
    expect(addEntity(doc, "s1", { type: "circle", id: "c1", attrs: {} })).toMatchObject({
      ok: false,
    });
    expect(addEntity(doc, "e1", { type: "circle", attrs: {} })).toMatchObject({ ok: false });
    expect(updateEntity(doc, "s1", "c1", { r: 5 })).toMatchObject({ ok: true });
    expect(removeEntity(doc, "s1", "r1")).toMatchObject({ ok: true });
    expect(removeEntity(doc, "s1", "r1")).toMatchObject({ ok: false });
    const text = toText(doc);
    expect(text).toContain(
      [
        '      <line id="l1" x1="0" y1="0" x2="1" y2="0" construction="true"/>',
        '      <circle id="c1" cx="0" cy="0" r="5"/>',
        '      <circle id="c2" cx="10" cy="0" r="2"/>',
      ].join("\n"),
    );
  });

  it("[D4.1.1] inserting a polyline point carries downstream side:p1.k refs to the new names, in one undo step", () => {
    const doc = loaded("bracket");
    const undo = createUndoManager(doc);
    const before = toText(doc);
    updateEntity(doc, "s1", "p1", { points: "0,0 30,-2 60,0 60,6 6,6 6,40 0,40" });
    const text = toText(doc);
    expect(text).toContain('<sketch id="s2" plane="face:e1:side:p1.3">');
    expect(text).toContain('edges="edge:e1:side:p1.3|e1:side:p1.4"');
    expect(validate(text).valid).toBe(true);
    expect(undo.undoStack).toHaveLength(1);
    undo.undo();
    expect(toText(doc)).toBe(before);
  });

  it("[D4.1.1] removing a polyline point merges segments; refs to either go to the merged one", () => {
    const doc = loaded("bracket");
    // Drop point 2 (60,6): old segments 1 (60,0→60,6) and 2 (60,6→6,6) merge into new 1.
    updateEntity(doc, "s1", "p1", { points: "0,0 60,0 6,6 6,40 0,40" });
    const text = toText(doc);
    expect(text).toContain('plane="face:e1:side:p1.1"');
    expect(text).toContain('edges="edge:e1:side:p1.1|e1:side:p1.2"');
  });

  it("[D4.1.1] segmentMap: insert, remove, closing segment, nothing shared", () => {
    const sq: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    // Insert after point 1 in a closed square: segment 1 splits (first piece keeps it), later ones shift.
    const ins = segmentMap(
      sq,
      true,
      [
        [0, 0],
        [1, 0],
        [2, 0.5],
        [1, 1],
        [0, 1],
      ],
      true,
    );
    expect([...ins]).toEqual([
      [0, 0],
      [1, 1],
      [2, 3],
      [3, 4],
    ]);
    // Remove point 0 of a closed square: the closing segment and segment 0 merge.
    const rem = segmentMap(
      sq,
      true,
      [
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      true,
    );
    expect([...rem]).toEqual([
      [0, 2],
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    // Open polyline, append a point: nothing renamed.
    expect([...segmentMap(sq, false, [...sq, [0, 2]], false)]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(
      segmentMap(
        sq,
        false,
        [
          [5, 5],
          [6, 6],
        ],
        false,
      ).size,
    ).toBe(0);
  });

  it("[D7.1] each command is one undo step; load and remote edits are not undoable", () => {
    const doc = loaded("plate");
    const undo = createUndoManager(doc);
    const initial = toText(doc);
    const steps: (() => unknown)[] = [
      () => addFeature(doc, { type: "fillet", attrs: { edges: "face:e1:top", radius: 1 } }),
      () => updateFeature(doc, "e1", { distance: 12, op: "add" }),
      () => moveFeature(doc, "f1", 1),
      () => setSuppressed(doc, "e1", true),
      () => renameFeature(doc, "s1", "Base"),
      () => addEntity(doc, "s1", { type: "circle", attrs: { cx: 5, cy: 5, r: 1 } }),
      () => updateEntity(doc, "s1", "c2", { r: 2 }),
      () => removeEntity(doc, "s1", "c1"),
      () => removeFeature(doc, "f1"),
      () => setMeta(doc, { name: "Changed" }),
    ];
    const texts = [initial];
    for (const step of steps) {
      step();
      texts.push(toText(doc));
    }
    expect(undo.undoStack).toHaveLength(steps.length);
    updateFeature(doc, "e1", { distance: 99 }, "remote");
    loadText(doc, toText(doc));
    expect(undo.undoStack).toHaveLength(steps.length);
    const expectedAfterRemote = texts.map((t) => t.replace(/distance="(12|10)"/, 'distance="99"'));
    for (let i = steps.length - 1; i >= 0; i--) {
      undo.undo();
      expect(toText(doc)).toBe(expectedAfterRemote[i]);
    }
    expect(undo.canUndo()).toBe(false);
    for (let i = 1; i <= steps.length; i++) {
      undo.redo();
      expect(toText(doc)).toBe(expectedAfterRemote[i]);
    }
  });
});
