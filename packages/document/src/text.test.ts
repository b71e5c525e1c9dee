import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateDocument } from "./testing/generate.ts";
import { canonicalText, parseXml, parseXmlPartial, serialize } from "./text.ts";
import { featureId, type Model } from "./types.ts";
import { escapeAttribute } from "./xml/serialize.ts";

const EXAMPLES = ["bracket", "knob", "plate"].map((n) => ({
  name: n,
  text: readFileSync(new URL(`../../../examples/${n}.kerf.xml`, import.meta.url), "utf8"),
}));

function canon(text: string): string {
  const r = canonicalText(text);
  if (!r.ok) throw new Error(JSON.stringify(r.report.errors));
  return r.text;
}

function mustParse(text: string): Model {
  const r = parseXml(text);
  if (!r.ok) throw new Error(JSON.stringify(r.report.errors));
  return r.model;
}

describe("text form", () => {
  it("[D1] parses the plate example into the typed model", () => {
    const model = mustParse(EXAMPLES[2]!.text);
    expect(model).toEqual({
      version: 1,
      units: "mm",
      name: "Plate with hole",
      features: [
        {
          type: "sketch",
          id: "s1",
          plane: "XY",
          offset: 0,
          suppressed: false,
          entities: [
            { type: "rect", id: "r1", x: -20, y: -10, width: 40, height: 20, construction: false },
            { type: "circle", id: "c1", cx: 0, cy: 0, r: 4, construction: false },
          ],
        },
        {
          type: "extrude",
          id: "e1",
          sketch: "s1",
          distance: 10,
          direction: "normal",
          op: "add",
          extent: "blind",
          suppressed: false,
        },
      ],
    });
  });

  it("[D4] polyline points and closed are typed", () => {
    const model = mustParse(EXAMPLES[0]!.text);
    const sketch = model.features[0]!;
    expect(sketch.type === "sketch" && sketch.entities[0]).toEqual({
      type: "polyline",
      id: "p1",
      points: [
        [0, 0],
        [60, 0],
        [60, 6],
        [6, 6],
        [6, 40],
        [0, 40],
      ],
      closed: true,
      construction: false,
    });
  });

  it("[D6] parseXml refuses an invalid document with its report", () => {
    const r = parseXml('<model version="1"><features><sketch id="s1"/></features></model>');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.report.errors.map((p) => p.code)).toEqual(["MISSING_ATTRIBUTE"]);
  });

  it("[D6] parseXml keeps warnings and normalises unsorted edge refs in the model", () => {
    const text = EXAMPLES[2]!.text.replace(
      "</features>",
      '  <fillet id="f1" edges="edge:e1:top|e1:side:r1.right" radius="1"/>\n  </features>',
    );
    const r = parseXml(text);
    expect(r.ok && r.warnings.map((p) => p.code)).toEqual(["UNSORTED_EDGE_REF"]);
    expect(r.ok && r.model.features[2]).toMatchObject({ edges: ["edge:e1:side:r1.right|e1:top"] });
    expect(r.ok && serialize(r.model)).toContain('edges="edge:e1:side:r1.right|e1:top"');
  });

  it("[D1] serialize writes the stable layout: one element per line, two-space indent, spec attribute order", () => {
    const text = `<model name="N" units="mm" version="1"><features><extrude op="cut" extent="throughAll" sketch="s1" id="e1" direction="reverse"/><sketch plane="XY" id="s1"><circle r="1" cy="0" cx="0" id="c1"/></sketch></features></model>`;
    expect(canon(text)).toBe(
      [
        '<model version="1" units="mm" name="N">',
        "  <features>",
        '    <extrude id="e1" sketch="s1" direction="reverse" op="cut" extent="throughAll"/>',
        '    <sketch id="s1" plane="XY">',
        '      <circle id="c1" cx="0" cy="0" r="1"/>',
        "    </sketch>",
        "  </features>",
        "</model>",
        "",
      ].join("\n"),
    );
  });

  it("[D1] an empty feature list is written as <features/>", () => {
    expect(canon('<model version="1"><features></features></model>')).toBe(
      '<model version="1">\n  <features/>\n</model>\n',
    );
  });

  it("[D1] attribute values are escaped so they read back unchanged", () => {
    const name = `a & b < c > d " e ' f\tg\nh\ri 🔩`;
    expect(escapeAttribute(name)).toBe("a &amp; b &lt; c &gt; d &quot; e ' f&#9;g&#10;h&#13;i 🔩");
    const model: Model = { version: 1, units: "mm", name, features: [] };
    expect(mustParse(serialize(model)).name).toBe(name);
  });

  it("[D1] characters XML cannot carry are written as U+FFFD instead of breaking the document", () => {
    const model: Model = { version: 1, units: "mm", name: "a\u0001b\ud800c", features: [] };
    const text = serialize(model);
    expect(mustParse(text).name).toBe("a\ufffdb\ufffdc");
  });

  it.each(EXAMPLES)(
    "[D1.1] example $name: text → Model → text keeps every attribute as written",
    ({ text }) => {
      expect(serialize(mustParse(text))).toBe(canon(text));
    },
  );

  it("[D1.1] literals and present defaults survive text → Model → text; absent defaults stay absent", () => {
    const text = `<model version="1" units="mm" name="L">
  <features>
    <sketch id="s1" plane="XY" offset="0.0">
      <rect id="r1" x="-0" y="1e1" width="10.50" height=".5" construction="false"/>
    </sketch>
    <extrude id="e1" sketch="s1" distance="10.0" op="add" suppressed="false"/>
  </features>
</model>
`;
    expect(serialize(mustParse(text))).toBe(text);
  });

  it("[D1.1] a changed value is written canonically, the others keep their literals", () => {
    const model = mustParse(EXAMPLES[0]!.text);
    const e1 = model.features[1]!;
    if (e1.type !== "extrude") throw new Error("expected an extrude");
    e1.distance = 12.5;
    const text = serialize(model);
    expect(text).toContain('<extrude id="e1" sketch="s1" distance="12.5" direction="symmetric"/>');
  });

  it("[D1.1] a model built by hand is written canonically: defaults left out", () => {
    const model: Model = {
      version: 1,
      units: "mm",
      name: "Hand",
      features: [
        {
          type: "extrude",
          id: featureId("e1"),
          sketch: featureId("s1"),
          distance: 1e-7,
          direction: "normal",
          op: "add",
          extent: "blind",
          suppressed: false,
        },
      ],
    };
    expect(serialize(model)).toBe(
      '<model version="1" units="mm" name="Hand">\n  <features>\n    <extrude id="e1" sketch="s1" distance="1e-7"/>\n  </features>\n</model>\n',
    );
  });

  it("[D1.1] generated documents: text → Model → text is the canonical text; Model → text → Model is the identity", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = generateDocument(seed);
      const model = mustParse(text);
      const again = serialize(model);
      expect(again, `seed ${seed}`).toBe(canon(text));
      expect(mustParse(again), `seed ${seed}`).toEqual(model);
      expect(mustParse(serialize(structuredClone(model))), `seed ${seed}`).toEqual(model);
    }
  });

  it("[D5.4] parseXmlPartial keeps features with only reference problems and skips ones with bad values", () => {
    const text = EXAMPLES[2]!.text.replace(
      "</features>",
      '  <fillet id="f1" edges="face:zz:top" radius="1"/>\n    <chamfer id="k1" edges="face:e1:top" distance="-1"/>\n  </features>',
    );
    const r = parseXmlPartial(text);
    expect(r.report.valid).toBe(false);
    expect(r.model?.features.map((f) => f.id)).toEqual(["s1", "e1", "f1"]);
    expect(r.skipped).toEqual([3]);
    expect(parseXmlPartial("<oops").model).toBeNull();
  });
});
