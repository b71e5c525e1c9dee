import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Problem } from "../types.ts";
import { validate } from "./index.ts";

const EXAMPLES = ["bracket", "knob", "plate"].map((n) => ({
  name: n,
  text: readFileSync(new URL(`../../../../examples/${n}.kerf.xml`, import.meta.url), "utf8"),
}));

/** A document around some feature lines (features start on line 3). */
const doc = (features: string, root = 'version="1" units="mm" name="T"'): string =>
  `<model ${root}>\n  <features>\n${features}\n  </features>\n</model>\n`;

const SKETCH = `    <sketch id="s1" plane="XY">
      <rect id="r1" x="0" y="0" width="40" height="20"/>
      <polyline id="p1" points="0,0 10,0 10,10 0,10" closed="true"/>
      <line id="l1" x1="0" y1="-5" x2="10" y2="-5"/>
      <circle id="c1" cx="5" cy="5" r="1" construction="true"/>
    </sketch>
    <extrude id="e1" sketch="s1" distance="10"/>`;

const only = (problems: Problem[], code: string): Problem[] =>
  problems.filter((p) => p.code === code);

function errorsOf(text: string, code: string): Problem[] {
  const r = validate(text);
  return only(r.errors, code);
}

function warningsOf(text: string, code: string, previous?: string): Problem[] {
  return only(validate(text, { previous }).warnings, code);
}

describe("validate", () => {
  it.each(EXAMPLES)("[D6] example $name is valid with no warnings", ({ text }) => {
    expect(validate(text)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it("[D6] XML_PARSE with line and column, and nothing else", () => {
    const r = validate(
      '<model version="1">\n  <features>\n    <sketch id="s1" plane="XY">\n  </features>\n</model>',
    );
    expect(r.valid).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ code: "XML_PARSE", line: 4 });
    expect(r.errors[0]!.column).toBeGreaterThan(0);
    expect(r.errors[0]!.message).toMatch(/not well-formed/);
  });

  it.each([
    ["", "empty text"],
    ["just text", "text only"],
    ['<model version="1"><features/></model><x/>', "two roots"],
    ['<model a="1" a="2"><features/></model>', "duplicate attribute"],
    ["<model><features></model>", "mismatched tags"],
    ["<model>&bogus;<features/></model>", "undefined entity"],
  ])("[D6] XML_PARSE for %j (%s)", (text) => {
    const r = validate(text);
    expect(r.errors.map((p) => p.code)).toEqual(["XML_PARSE"]);
    expect(r.errors[0]!.line).toBeGreaterThanOrEqual(1);
  });

  it("[D6] BAD_ROOT when the root is not <model>", () => {
    const r = validate('<part version="1"><features/></part>');
    expect(r.errors).toEqual([expect.objectContaining({ code: "BAD_ROOT", line: 1, column: 1 })]);
  });

  it("[D6] BAD_ROOT without <features>, and with two", () => {
    expect(errorsOf('<model version="1"></model>', "BAD_ROOT")).toHaveLength(1);
    const two = '<model version="1">\n  <features/>\n  <features/>\n</model>';
    expect(errorsOf(two, "BAD_ROOT")).toEqual([expect.objectContaining({ line: 3, column: 3 })]);
  });

  it.each([['version="2"'], ['version="1.0"'], ['units="mm"']])(
    "[D6] BAD_VERSION for <model %s>",
    (root) => {
      expect(errorsOf(doc("", root), "BAD_VERSION")).toHaveLength(1);
    },
  );

  it("[D6] UNKNOWN_ELEMENT for a feature type, an entity type, a child of a non-sketch, deep nesting and text", () => {
    const text = doc(`    <loft id="x1"/>
    <sketch id="s1" plane="XY">
      <spline id="q1"/>
      <rect id="r1" x="0" y="0" width="1" height="1"><a><b/></a></rect>
      stray words
    </sketch>
    <extrude id="e1" sketch="s1" distance="1"><rect id="r2"/></extrude>`);
    const found = errorsOf(text, "UNKNOWN_ELEMENT");
    expect(found.map((p) => p.line)).toEqual([3, 5, 6, 7, 9]);
    expect(found[3]).toMatchObject({ featureId: "s1", column: 7 });
    expect(found[0]!.message).toMatch(/loft.*sketch, extrude, revolve/);
  });

  it("[D6] UNKNOWN_ATTRIBUTE on the model, a feature and an entity, with the attribute and its position", () => {
    const text = doc(
      `    <sketch id="s1" plane="XY" colour="red">
      <circle id="c1" cx="0" cy="0" r="1" d="2"/>
    </sketch>`,
      'version="1" author="me"',
    );
    const found = errorsOf(text, "UNKNOWN_ATTRIBUTE");
    expect(found).toEqual([
      expect.objectContaining({ attribute: "author", line: 1, column: 20 }),
      expect.objectContaining({ attribute: "colour", featureId: "s1", line: 3, column: 32 }),
      expect.objectContaining({
        attribute: "d",
        featureId: "s1",
        entityId: "c1",
        line: 4,
        column: 43,
      }),
    ]);
  });

  it("[D6] MISSING_ATTRIBUTE for required attributes", () => {
    const text = doc(`    <sketch plane="XY">
      <rect id="r1" x="0" y="0" width="1"/>
    </sketch>
    <sketch id="s2"/>
    <fillet id="f1" radius="1"/>
    <revolve id="v1" sketch="s2"/>`);
    const found = errorsOf(text, "MISSING_ATTRIBUTE").map((p) => p.attribute);
    expect(found).toEqual(["id", "height", "plane", "edges", "axis"]);
  });

  it("[D5.0] extrude with neither sketch nor faces is MISSING_ATTRIBUTE; with both BAD_VALUE", () => {
    const neither = doc(`${SKETCH}\n    <extrude id="e2" distance="5"/>`);
    expect(errorsOf(neither, "MISSING_ATTRIBUTE")).toEqual([
      expect.objectContaining({ featureId: "e2", attribute: "sketch" }),
    ]);
    const both = doc(
      `${SKETCH}\n    <extrude id="e2" sketch="s1" faces="face:e1:top" distance="5"/>`,
    );
    expect(errorsOf(both, "BAD_VALUE")).toEqual([
      expect.objectContaining({ featureId: "e2", attribute: "faces" }),
    ]);
  });

  it("[D5.0] blind extrude needs distance; throughAll+add and toFace+symmetric are BAD_VALUE; toFace needs to", () => {
    expect(
      errorsOf(doc(`${SKETCH}\n    <extrude id="e2" sketch="s1"/>`), "MISSING_ATTRIBUTE"),
    ).toHaveLength(1);
    expect(
      errorsOf(
        doc(`${SKETCH}\n    <extrude id="e2" sketch="s1" extent="throughAll"/>`),
        "BAD_VALUE",
      ),
    ).toHaveLength(1);
    expect(
      errorsOf(
        doc(`${SKETCH}\n    <extrude id="e2" sketch="s1" extent="throughAll" op="cut"/>`),
        "BAD_VALUE",
      ),
    ).toHaveLength(0);
    const sym = doc(
      `${SKETCH}\n    <extrude id="e2" sketch="s1" extent="toFace" to="face:e1:top" direction="symmetric"/>`,
    );
    expect(errorsOf(sym, "BAD_VALUE")).toEqual([
      expect.objectContaining({ attribute: "direction" }),
    ]);
    const noTo = doc(`${SKETCH}\n    <extrude id="e2" sketch="s1" extent="toFace"/>`);
    expect(errorsOf(noTo, "MISSING_ATTRIBUTE")).toEqual([
      expect.objectContaining({ attribute: "to" }),
    ]);
  });

  it.each(["+5", " 10", "10 ", "0x10", "", "NaN", "1e999", "1,5", "Infinity", "--1", "1e"])(
    "[D2] BAD_VALUE for the number %j",
    (n) => {
      const found = errorsOf(
        doc(`${SKETCH}\n    <fillet id="f1" edges="face:e1:top" radius="${n}"/>`),
        "BAD_VALUE",
      );
      expect(found).toEqual([
        expect.objectContaining({ featureId: "f1", attribute: "radius", line: 10 }),
      ]);
    },
  );

  it.each(["10", "-2.5", ".5", "1e-3", "10.", "2E+3"])("[D2] %j is a number", (n) => {
    const text = doc(`    <sketch id="s1" plane="XY" offset="${n}"/>`);
    expect(validate(text).errors).toEqual([]);
  });

  it("[D4][D5] BAD_VALUE for ranges, enumerations, booleans, points", () => {
    const text = doc(`    <sketch id="s1" plane="xy">
      <rect id="r1" x="0" y="0" width="0" height="-1"/>
      <circle id="c1" cx="0" cy="0" r="0" construction="yes"/>
      <arc id="a1" cx="0" cy="0" r="1" start="10" end="370"/>
      <polyline id="p1" points="0,0"/>
      <polyline id="p2" points="0,0 1,1" closed="true"/>
      <polyline id="p3" points="0,0 1;1"/>
    </sketch>
    <revolve id="v1" sketch="s1" axis="z axis" angle="361" op="merge"/>
    <shell id="h1" faces="" thickness="1" suppressed="1"/>`);
    const found = errorsOf(text, "BAD_VALUE").map(
      (p) => `${p.entityId ?? p.featureId}.${p.attribute}`,
    );
    expect(found).toEqual([
      "s1.plane",
      "r1.width",
      "r1.height",
      "c1.r",
      "c1.construction",
      "a1.end",
      "p1.points",
      "p2.points",
      "p3.points",
      "v1.axis",
      "v1.angle",
      "v1.op",
      "h1.faces",
      "h1.suppressed",
    ]);
  });

  it.each(["1abc", "a b", "a.b", "a:b", "body", "é"])("[D2] BAD_ID for %j", (id) => {
    const text = doc(`    <sketch id="${id}" plane="XY"/>`);
    expect(errorsOf(text, "BAD_ID")).toEqual([
      expect.objectContaining({ attribute: "id", line: 3 }),
    ]);
  });

  it("[D2] BAD_ID for entity ids too", () => {
    const text = doc(
      `    <sketch id="s1" plane="XY"><circle id="c#1" cx="0" cy="0" r="1"/></sketch>`,
    );
    expect(errorsOf(text, "BAD_ID")).toEqual([expect.objectContaining({ featureId: "s1" })]);
  });

  it("[D2] DUPLICATE_ID for features and for entities within one sketch, not across sketches", () => {
    const text = doc(`    <sketch id="s1" plane="XY">
      <circle id="c1" cx="0" cy="0" r="1"/>
      <circle id="c1" cx="5" cy="0" r="1"/>
    </sketch>
    <sketch id="s2" plane="XY"><circle id="c1" cx="0" cy="0" r="1"/></sketch>
    <sketch id="s1" plane="XZ"/>`);
    expect(errorsOf(text, "DUPLICATE_ID")).toEqual([
      expect.objectContaining({ featureId: "s1", entityId: "c1", line: 5 }),
      expect.objectContaining({ featureId: "s1", line: 8 }),
    ]);
  });

  it.each([
    "face:e1",
    "face:e1:roof",
    "edge:e1:top",
    "edge:e1:top|e1:bottom|e1:side:r1.top",
    "face:e1:top@0",
    "face:e1:side[e1:top",
    "e1:top",
    "face:e1:side:",
  ])("[R1] BAD_REF for %j", (ref) => {
    const text = doc(`${SKETCH}\n    <fillet id="f1" edges="${ref}" radius="1"/>`);
    expect(errorsOf(text, "BAD_REF")).toEqual([
      expect.objectContaining({ featureId: "f1", attribute: "edges" }),
    ]);
  });

  it("[D6] BAD_REF for a sketch attribute that is not an id", () => {
    expect(
      errorsOf(
        doc(`${SKETCH}\n    <extrude id="e2" sketch="face:e1:top" distance="1"/>`),
        "BAD_REF",
      ),
    ).toHaveLength(1);
  });

  it("[D6] DANGLING_REF: missing feature, sketch, entity, axis", () => {
    const text = doc(`${SKETCH}
    <extrude id="e2" sketch="s9" distance="1"/>
    <revolve id="v1" sketch="s1" axis="l9"/>
    <fillet id="f1" edges="face:x9:top edge:e1:side:q1|e1:top" radius="1"/>`);
    const found = errorsOf(text, "DANGLING_REF");
    expect(found.map((p) => `${p.featureId}.${p.attribute}`)).toEqual([
      "e2.sketch",
      "v1.axis",
      "f1.edges",
      "f1.edges",
    ]);
    expect(found[3]!.message).toMatch(/no entity "q1"/);
  });

  it.each([
    ["face:e1:side:r1", "rect without a side"],
    ["face:e1:side:r1.middle", "rect with an unknown side"],
    ["face:e1:side:p1.4", "polyline segment past the closing one"],
    ["face:e1:side:p1.x", "polyline segment that is not a number"],
    ["face:e1:side:l1.start", "line with a part"],
    ["face:e1:side:c1", "construction circle"],
    ["face:e1:start", "extrude has no start"],
    ["face:s1:top", "sketch has no faces"],
    ["face:e1:blend[e1:side:r1.top|e1:top]", "extrude has no blend"],
    ["face:e1:inner[e1:top]", "extrude has no inner"],
    ["face:e1:side[e1:side:r1.top|e1:top]", "sketch extrude has no side[edge]"],
  ])("[D6] DANGLING_REF for %j (%s)", (ref) => {
    const text = doc(`${SKETCH}\n    <shell id="h1" faces="${ref}" thickness="1"/>`);
    expect(errorsOf(text, "DANGLING_REF")).toEqual([
      expect.objectContaining({ featureId: "h1", attribute: "faces" }),
    ]);
  });

  it.each([
    "face:e1:side:r1.top",
    "face:e1:side:p1.3",
    "face:e1:side:p1.0",
    "face:e1:side:l1",
    "face:e1:top",
    "face:e1:bottom",
    "face:e1:new:3",
  ])("[R2] %j names a face e1 makes", (ref) => {
    const text = doc(`${SKETCH}\n    <shell id="h1" faces="${ref}" thickness="1"/>`);
    expect(validate(text).errors).toEqual([]);
  });

  it("[R2] revolve start/end exist only below 360°; its axis line and nested names are checked", () => {
    const base = `${SKETCH}
    <revolve id="v1" sketch="s1" axis="l1" angle="90" op="cut"/>
    <revolve id="v2" sketch="s1" axis="x" op="cut"/>`;
    expect(
      validate(doc(`${base}\n    <shell id="h1" faces="face:v1:start face:v1:end" thickness="1"/>`))
        .errors,
    ).toEqual([]);
    expect(
      errorsOf(
        doc(`${base}\n    <shell id="h1" faces="face:v2:end" thickness="1"/>`),
        "DANGLING_REF",
      ),
    ).toHaveLength(1);
    expect(
      errorsOf(
        doc(`${base}\n    <shell id="h1" faces="face:v1:side:l1" thickness="1"/>`),
        "DANGLING_REF",
      ),
    ).toHaveLength(1);
    const nested = doc(
      `${base}\n    <fillet id="f1" edges="face:e1:top" radius="1"/>\n    <shell id="h1" faces="face:f1:blend[e1:side:r1.top|e9:top]" thickness="1"/>`,
    );
    expect(errorsOf(nested, "DANGLING_REF")).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/"e9"/) }),
    ]);
  });

  it("[D5.3] FORWARD_REF for a reference to itself or to a later feature", () => {
    const text = doc(`    <sketch id="s0" plane="face:e1:top"/>
${SKETCH}
    <extrude id="e2" sketch="s3" distance="1"/>
    <sketch id="s3" plane="XY"><circle id="c1" cx="0" cy="0" r="1"/></sketch>
    <fillet id="f1" edges="face:f1:blend[e1:side:r1.top|e1:top]" radius="1"/>`);
    expect(errorsOf(text, "FORWARD_REF").map((p) => `${p.featureId}.${p.attribute}`)).toEqual([
      "s0.plane",
      "e2.sketch",
      "f1.edges",
    ]);
  });

  it("[D6] WRONG_REF_KIND: edge ref in faces/plane/to, sketch naming an extrude, axis naming a non-line", () => {
    const text = doc(`${SKETCH}
    <sketch id="s2" plane="edge:e1:side:r1.top|e1:top"/>
    <extrude id="e2" sketch="e1" distance="1"/>
    <extrude id="e3" faces="edge:e1:side:r1.top|e1:top" distance="1"/>
    <revolve id="v1" sketch="s1" axis="r1"/>
    <revolve id="v2" sketch="s1" axis="c1"/>
    <extrude id="e4" sketch="s1" extent="toFace" to="edge:e1:side:r1.top|e1:top"/>`);
    expect(errorsOf(text, "WRONG_REF_KIND").map((p) => `${p.featureId}.${p.attribute}`)).toEqual([
      "s2.plane",
      "e2.sketch",
      "e3.faces",
      "v1.axis",
      "v2.axis",
      "e4.to",
    ]);
  });

  it("[D5.0] IGNORED_ATTRIBUTE warns (still valid) for distance with a non-blind extent and for a stray `to`", () => {
    const text = doc(`${SKETCH}
    <extrude id="e2" sketch="s1" extent="throughAll" op="cut" distance="5"/>
    <extrude id="e3" sketch="s1" distance="5" to="face:e1:top"/>`);
    const r = validate(text);
    expect(r.valid).toBe(true);
    expect(
      only(r.warnings, "IGNORED_ATTRIBUTE").map((p) => `${p.featureId}.${p.attribute}`),
    ).toEqual(["e2.distance", "e3.to"]);
  });

  it("[D6] UNSORTED_EDGE_REF warns, the document stays valid, the message gives the sorted form", () => {
    const text = doc(
      `${SKETCH}\n    <fillet id="f1" edges="edge:e1:top|e1:side:r1.right" radius="1"/>`,
    );
    const r = validate(text);
    expect(r.valid).toBe(true);
    expect(only(r.warnings, "UNSORTED_EDGE_REF")).toEqual([
      expect.objectContaining({
        featureId: "f1",
        message: expect.stringContaining("edge:e1:side:r1.right|e1:top"),
      }),
    ]);
  });

  it("[R1] UNSORTED_EDGE_REF compares by code unit, not locale ('Z' < 'a')", () => {
    const sorted = doc(
      `${SKETCH}\n    <fillet id="f1" edges="edge:e1:side:r1.top|e1:top" radius="1"/>`,
    );
    expect(validate(sorted).warnings).toEqual([]);
    const upper = doc(
      `${SKETCH.replace(/e1/g, "Z1")}\n    <fillet id="f1" edges="edge:Z1:top|a1:top" radius="1"/>`,
    );
    expect(only(validate(upper).warnings, "UNSORTED_EDGE_REF")).toHaveLength(0);
  });

  it.each(["face:e1:top@2", "edge:e1:side:r1.top|e1:top#2", "face:e1:new:1"])(
    "[R2.5] FRAGILE_REF warns for %j",
    (ref) => {
      const r = validate(
        doc(
          `${SKETCH}\n    <shell id="h1" faces="${ref.startsWith("edge") ? "face:e1:top" : ref}" thickness="1"/>\n    <fillet id="f1" edges="${ref}" radius="1"/>`,
        ),
      );
      expect(r.valid).toBe(true);
      expect(only(r.warnings, "FRAGILE_REF").length).toBeGreaterThanOrEqual(1);
    },
  );

  it("[D4.1.1] POLYLINE_RENUMBERED when a referenced polyline's point count changes against `previous`", () => {
    const before = doc(
      `${SKETCH}\n    <fillet id="f1" edges="edge:e1:side:p1.3|e1:top" radius="1"/>`,
    );
    const after = before.replace(
      'points="0,0 10,0 10,10 0,10"',
      'points="0,0 5,-1 10,0 10,10 0,10"',
    );
    expect(validate(after).warnings).toEqual([]);
    expect(warningsOf(after, "POLYLINE_RENUMBERED", before)).toEqual([
      expect.objectContaining({ featureId: "s1", entityId: "p1", attribute: "points", line: 5 }),
    ]);
    expect(warningsOf(before, "POLYLINE_RENUMBERED", before)).toEqual([]);
    // Moving points without changing their number renames nothing.
    const moved = before.replace('points="0,0 10,0 10,10 0,10"', 'points="0,0 12,0 12,12 0,12"');
    expect(warningsOf(moved, "POLYLINE_RENUMBERED", before)).toEqual([]);
  });

  it("[D4.1.1] no POLYLINE_RENUMBERED when nothing references the polyline's segments", () => {
    const before = doc(SKETCH);
    const after = before.replace(
      'points="0,0 10,0 10,10 0,10"',
      'points="0,0 5,-1 10,0 10,10 0,10"',
    );
    expect(warningsOf(after, "POLYLINE_RENUMBERED", before)).toEqual([]);
  });

  it("[D6] reports every problem, not only the first, each with code, message and place", () => {
    const text = doc(`    <sketch id="s1" plane="XY" offset="+1">
      <rect id="r1" x="a" y="b" width="0" height="1" q="1"/>
    </sketch>
    <extrude id="s1" sketch="s1"/>
    <fillet id="f1" edges="face:zz:top" radius="-1"/>`);
    const r = validate(text);
    expect(r.errors.length).toBeGreaterThanOrEqual(9);
    for (const p of r.errors) {
      expect(p.message.length).toBeGreaterThan(10);
      expect(p.line).toBeGreaterThan(0);
      expect(p.column).toBeGreaterThan(0);
      expect(p.severity).toBe("error");
    }
    const lines = r.errors.map((p) => p.line!);
    expect([...lines].sort((a, b) => a - b)).toEqual(lines);
  });

  it("[D6] positions count lines after CRLF and CR line breaks", () => {
    const text =
      '<model version="1">\r\n  <features>\r    <sketch id="1s" plane="XY"/>\r\n  </features>\n</model>';
    expect(errorsOf(text, "BAD_ID")).toEqual([expect.objectContaining({ line: 3, column: 13 })]);
  });

  it("[D6] escaped attribute values are validated unescaped", () => {
    const text = doc(`    <sketch id="s1" plane="XY" name="a &amp; b &lt;c&gt; &quot;d&quot;"/>`);
    expect(validate(text)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it("[D6] references that nest absurdly deep are BAD_REF, quickly", () => {
    const deep = `face:e1:inner[${"e1:inner[".repeat(5000)}e1:top${"]".repeat(5001)}`;
    const started = performance.now();
    const found = errorsOf(
      doc(`${SKETCH}\n    <shell id="h1" faces="${deep}" thickness="1"/>`),
      "BAD_REF",
    );
    expect(found).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("validateModel", () => {
  it("[D6] checks a typed model by the same rules, without positions", async () => {
    const { parseXml } = await import("../text.ts");
    const { validateModel } = await import("./index.ts");
    const parsed = parseXml(EXAMPLES[0]!.text);
    if (!parsed.ok) throw new Error("example must parse");
    expect(validateModel(parsed.model)).toEqual({ valid: true, errors: [], warnings: [] });
    const broken = structuredClone(parsed.model);
    broken.features.splice(1, 1); // drop e1: s2's plane and f1's edges now dangle
    const r = validateModel(broken);
    // f1 names e1 twice in one ref: the same problem is reported once.
    expect(r.errors.map((p) => `${p.code} ${p.featureId}`)).toEqual([
      "DANGLING_REF s2",
      "DANGLING_REF f1",
    ]);
    expect(r.errors[0]!.line).toBeUndefined();
  });

  it("[D6] UNKNOWN_ATTRIBUTE on <features>", () => {
    expect(
      errorsOf('<model version="1"><features x="1"/></model>', "UNKNOWN_ATTRIBUTE"),
    ).toHaveLength(1);
  });
});
