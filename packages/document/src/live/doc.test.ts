import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { generateDocument } from "../testing/generate.ts";
import { canonicalText, parseXml } from "../text.ts";
import {
  createDoc,
  featuresOf,
  loadText,
  metaOf,
  toModel,
  toModelPartial,
  toText,
  validateDoc,
} from "./doc.ts";

const EXAMPLES = ["bracket", "knob", "plate"].map((n) => ({
  name: n,
  text: readFileSync(new URL(`../../../../examples/${n}.kerf.xml`, import.meta.url), "utf8"),
}));

function canon(text: string): string {
  const r = canonicalText(text);
  if (!r.ok) throw new Error(JSON.stringify(r.report.errors));
  return r.text;
}

function loaded(text: string): Y.Doc {
  const doc = createDoc();
  const r = loadText(doc, text);
  if (!r.ok) throw new Error(JSON.stringify(r.report.errors));
  return doc;
}

describe("live form", () => {
  it("[D1] features are Y.XmlElements named by type with string attributes; entities are child elements", () => {
    const doc = loaded(EXAMPLES[2]!.text);
    const [sketch, extrude] = featuresOf(doc).toArray() as Y.XmlElement[];
    expect(sketch!.nodeName).toBe("sketch");
    expect(sketch!.getAttributes()).toEqual({ id: "s1", plane: "XY" });
    const rect = sketch!.toArray()[0] as Y.XmlElement;
    expect(rect.nodeName).toBe("rect");
    expect(rect.getAttribute("width")).toBe("40");
    expect(extrude!.getAttribute("distance")).toBe("10");
    expect(metaOf(doc).toJSON()).toEqual({ version: 1, units: "mm", name: "Plate with hole" });
  });

  it("[D1] createDoc starts with version 1, millimetres and no features", () => {
    const doc = createDoc({ name: "New" });
    expect(toText(doc)).toBe(
      '<model version="1" units="mm" name="New">\n  <features/>\n</model>\n',
    );
  });

  it.each(EXAMPLES)(
    "[D1.1] example $name: text → live → text is the identity up to whitespace and attribute order",
    ({ text }) => {
      expect(toText(loaded(text))).toBe(canon(text));
    },
  );

  it("[D1.1] number literals and explicit defaults are kept as written", () => {
    const text = EXAMPLES[2]!.text.replace(
      'distance="10"',
      'distance="10.0" op="add" suppressed="false"',
    );
    const out = toText(loaded(text));
    expect(out).toContain(
      '<extrude id="e1" sketch="s1" distance="10.0" op="add" suppressed="false"/>',
    );
  });

  it("[D1.1] generated documents round-trip text → live → text, and through a second replica", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const text = generateDocument(seed);
      const doc = loaded(text);
      expect(toText(doc), `seed ${seed}`).toBe(canon(text));
      const replica = new Y.Doc();
      Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
      expect(toText(replica), `seed ${seed}`).toBe(canon(text));
    }
  });

  it("[D1.1] invalid but well-formed documents are loaded and round-trip too", () => {
    const text = EXAMPLES[2]!.text.replace('distance="10"', 'distance="ten" bogus="1"');
    const doc = createDoc();
    const r = loadText(doc, text);
    expect(r.ok).toBe(true);
    expect(r.report.valid).toBe(false);
    expect(toText(doc)).toBe(canon(text));
    expect(validateDoc(doc).errors.map((p) => p.code)).toEqual(["UNKNOWN_ATTRIBUTE", "BAD_VALUE"]);
  });

  it.each([
    ["<model", "XML_PARSE"],
    ['<part version="1"><features/></part>', "BAD_ROOT"],
    ['<model version="2"><features/></model>', "BAD_VERSION"],
  ])("[D7.1] loadText refuses %j (%s) without touching the document", (text, code) => {
    const doc = loaded(EXAMPLES[0]!.text);
    const before = toText(doc);
    let transactions = 0;
    doc.on("afterTransaction", () => transactions++);
    const r = loadText(doc, text);
    expect(r.ok).toBe(false);
    expect(r.report.errors[0]!.code).toBe(code);
    expect(toText(doc)).toBe(before);
    expect(transactions).toBe(0);
  });

  it("[D7.1] loadText is one transaction with origin load, replacing what was there", () => {
    const doc = loaded(EXAMPLES[0]!.text);
    const origins: unknown[] = [];
    doc.on("afterTransaction", (tr: Y.Transaction) => origins.push(tr.origin));
    loadText(doc, EXAMPLES[1]!.text);
    expect(origins).toEqual(["load"]);
    expect(toText(doc)).toBe(canon(EXAMPLES[1]!.text));
  });

  it("[D1] toModel equals parseXml of the same text", () => {
    for (const { text } of EXAMPLES) {
      const fromDoc = toModel(loaded(text));
      const fromText = parseXml(text);
      expect(fromDoc.ok && fromText.ok).toBe(true);
      if (fromDoc.ok && fromText.ok) expect(fromDoc.model).toEqual(fromText.model);
    }
  });

  it("[D5.4] toModelPartial gives the buildable part of an invalid live document", () => {
    const doc = loaded(EXAMPLES[2]!.text.replace('width="40"', 'width="-40"'));
    const r = toModelPartial(doc);
    expect(r.report.valid).toBe(false);
    expect(r.model?.features.map((f) => f.id)).toEqual(["e1"]);
    expect(toModel(doc).ok).toBe(false);
  });

  it("[D1] elements and attributes a remote replica wrote that XML cannot name are left out of the text", () => {
    const doc = loaded(EXAMPLES[2]!.text);
    doc.transact(() => {
      const el = featuresOf(doc).get(1) as Y.XmlElement;
      el.setAttribute("bad name", "x");
      featuresOf(doc).insert(0, [new Y.XmlElement("no good")]);
    }, "remote");
    expect(toText(doc)).toBe(canon(EXAMPLES[2]!.text));
  });
});
