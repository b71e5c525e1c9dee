import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { generateDocument } from "../testing/generate.ts";
import { canonicalText } from "../text.ts";
import { applyDocument } from "./apply.ts";
import { createDoc, featuresOf, loadText, toText } from "./doc.ts";
import { createUndoManager } from "./undo.ts";

const BRACKET = readFileSync(
  new URL("../../../../examples/bracket.kerf.xml", import.meta.url),
  "utf8",
);

function canon(text: string): string {
  const r = canonicalText(text);
  if (!r.ok) throw new Error("unreadable");
  return r.text;
}

function loaded(text: string): Y.Doc {
  const doc = createDoc();
  loadText(doc, text);
  return doc;
}

const elements = (doc: Y.Doc): Y.XmlElement[] => featuresOf(doc).toArray() as Y.XmlElement[];

describe("applyDocument", () => {
  it("[L7] applying the same document changes nothing and makes no transaction", () => {
    const doc = loaded(BRACKET);
    let transactions = 0;
    doc.on("afterTransaction", () => transactions++);
    expect(applyDocument(doc, BRACKET)).toMatchObject({ ok: true, changed: false });
    expect(transactions).toBe(0);
  });

  it("[L7] one transaction with origin ai; unchanged elements keep their identity; only changed attributes are set", () => {
    const doc = loaded(BRACKET);
    const before = elements(doc);
    const changedAttrs: string[] = [];
    before[1]!.observe((ev) => changedAttrs.push(...ev.attributesChanged));
    const origins: unknown[] = [];
    doc.on("afterTransaction", (tr: Y.Transaction) => origins.push(tr.origin));
    const target = BRACKET.replace('distance="30"', 'distance="40"').replace(
      "  </features>",
      '    <chamfer id="k1" edges="face:e1:top" distance="1"/>\n  </features>',
    );
    expect(applyDocument(doc, target)).toMatchObject({ ok: true, changed: true });
    expect(origins).toEqual(["ai"]);
    expect(changedAttrs).toEqual(["distance"]);
    const after = elements(doc);
    for (let i = 0; i < before.length; i++) expect(after[i]).toBe(before[i]);
    expect(toText(doc)).toBe(canon(target));
  });

  it("[L7] moves, removals, type changes and entity edits land exactly", () => {
    const doc = loaded(BRACKET);
    const target = `<model version="1" units="mm" name="Other">
  <features>
    <sketch id="s2" plane="XY">
      <circle id="h2" cx="33" cy="8" r="1"/>
      <rect id="r9" x="0" y="0" width="2" height="2"/>
    </sketch>
    <sketch id="s1" plane="XZ">
      <polyline id="p1" points="0,0 60,0 60,6 6,6 6,40 0,40" closed="true"/>
    </sketch>
    <extrude id="e1" sketch="s1" distance="30" direction="symmetric"/>
    <chamfer id="f1" edges="edge:e1:side:p1.2|e1:side:p1.3" distance="4"/>
  </features>
</model>`;
    expect(applyDocument(doc, target)).toMatchObject({ ok: true, changed: true });
    expect(toText(doc)).toBe(canon(target));
  });

  it("[L7] refuses an invalid document without touching the live one", () => {
    const doc = loaded(BRACKET);
    let transactions = 0;
    doc.on("afterTransaction", () => transactions++);
    const r = applyDocument(doc, BRACKET.replace('radius="4"', 'radius="-4"'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.report.errors.map((p) => p.code)).toEqual(["BAD_VALUE"]);
    expect(applyDocument(doc, "<model").ok).toBe(false);
    expect(transactions).toBe(0);
    expect(toText(doc)).toBe(canon(BRACKET));
  });

  it("[D7.1][L7] each AI apply is one undo step; undo walks back through every earlier text", () => {
    const doc = loaded(generateDocument(100));
    const undo = createUndoManager(doc);
    const texts = [toText(doc)];
    for (let seed = 101; seed <= 140; seed++) {
      const target = generateDocument(seed);
      const r = applyDocument(doc, target, "ai");
      expect(r.ok, `seed ${seed}`).toBe(true);
      expect(toText(doc), `seed ${seed}`).toBe(canon(target));
      if (r.ok && r.changed) texts.push(toText(doc));
    }
    expect(undo.undoStack).toHaveLength(texts.length - 1);
    for (let i = texts.length - 2; i >= 0; i--) {
      undo.undo();
      expect(toText(doc)).toBe(texts[i]);
    }
  });

  it("[L7] applied on one replica, the change reaches another as an ordinary update", () => {
    const a = loaded(BRACKET);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const target = generateDocument(7);
    applyDocument(a, target);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    expect(toText(b)).toBe(canon(target));
  });
});
