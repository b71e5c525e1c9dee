import { describe, expect, it } from "vitest";
import { parseRaw } from "./parse.ts";
import { LineIndex, attributeOffsets } from "./positions.ts";

describe("xml parse", () => {
  it("[D6] positions of elements and attributes are 1-based lines and columns", () => {
    const text =
      '<model version="1">\n  <features>\n    <sketch  id = "s1"\n      plane=\'XY\'/>\n  </features>\n</model>';
    const r = parseRaw(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const sketch = r.doc.features[0]!;
    expect(sketch.pos).toEqual({ line: 3, column: 5 });
    expect(sketch.attrPos?.get("id")).toEqual({ line: 3, column: 14 });
    expect(sketch.attrPos?.get("plane")).toEqual({ line: 4, column: 7 });
    expect(sketch.attrs.get("plane")).toBe("XY");
  });

  it("[D6] attribute offsets are found past quoted values that look like attributes", () => {
    const text = `<a x='y="1"' y = "2">`;
    expect([...attributeOffsets(text, 0)]).toEqual([
      ["x", 3],
      ["y", 13],
    ]);
  });

  it("[D6] LineIndex handles LF, CRLF and CR", () => {
    const idx = new LineIndex("a\nb\r\nc\rd");
    expect([0, 2, 5, 7].map((o) => idx.at(o))).toEqual([
      { line: 1, column: 1 },
      { line: 2, column: 1 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
    ]);
  });

  it("[D6] 100,000 levels of nesting are reported once and skipped, without recursion", () => {
    const deep = "<a>".repeat(100_000) + "</a>".repeat(100_000);
    const text = `<model version="1"><features><sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="1" height="1">${deep}</rect></sketch></features></model>`;
    const r = parseRaw(text);
    expect(r.ok).toBe(true);
    expect(r.problems.map((p) => p.code)).toEqual(["UNKNOWN_ELEMENT"]);
    expect(r.ok && r.doc.features[0]!.children[0]!.children).toEqual([]);
  });

  it("[D1] an XML declaration, comments and a doctype without entities are fine", () => {
    const text =
      '<?xml version="1.0"?>\n<!DOCTYPE model>\n<!-- c --><model version="1"><!-- c --><features/></model>';
    const r = parseRaw(text);
    expect(r.ok && r.problems).toEqual([]);
  });
});

describe("xml parse: stray text", () => {
  it.each([
    ["<sketch id='s1' plane='XY'>hello</sketch>", 1],
    ["<sketch id='s1' plane='XY'>hello<!-- c --></sketch>", 1],
    ["<sketch id='s1' plane='XY'><!-- c -->hello</sketch>", 1],
    ["<sketch id='s1' plane='XY'><![CDATA[x]]></sketch>", 1],
    [
      "<sketch id='s1' plane='XY'>&amp;<rect id='r1' x='0' y='0' width='1' height='1'/>b</sketch>",
      2,
    ],
    ["<sketch id='s1' plane='XY'>\n  <!-- only a comment -->\n  <?pi x?>\n</sketch>", 0],
  ])("[D6] %j has %i stray text problem(s)", (sketch, count) => {
    const r = parseRaw(`<model version="1"><features>${sketch}</features></model>`);
    expect(r.ok && r.problems.filter((p) => p.message.startsWith("Text")).length).toBe(count);
  });

  it("[D6] text after the root is XML_PARSE", () => {
    const r = parseRaw('<model version="1"><features/></model>x');
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.code)).toEqual(["XML_PARSE"]);
  });
});
