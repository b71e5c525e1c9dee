import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diff, isEmptyDiff } from "./diff.ts";
import { createDoc, loadText } from "./live/doc.ts";
import { parseXml } from "./text.ts";
import type { Model } from "./types.ts";

const example = (n: string): string =>
  readFileSync(new URL(`../../../examples/${n}.kerf.xml`, import.meta.url), "utf8");
const BRACKET = example("bracket");

function model(text: string): Model {
  const r = parseXml(text);
  if (!r.ok) throw new Error(JSON.stringify(r.report.errors));
  return r.model;
}

describe("diff", () => {
  it("[L7] a document against itself, in any form, has no changes", () => {
    const doc = createDoc();
    loadText(doc, BRACKET);
    for (const [a, b] of [
      [BRACKET, BRACKET],
      [BRACKET, model(BRACKET)],
      [doc, BRACKET],
      [model(BRACKET), doc],
    ] as const) {
      expect(isEmptyDiff(diff(a, b))).toBe(true);
    }
  });

  it("[D2] literals that mean the same value, absent defaults and unsorted edge names are not changes", () => {
    const after = BRACKET.replace('distance="30"', 'distance="30.0" op="add" suppressed="false"')
      .replace('r="3"', 'r="3e0"')
      .replace("edge:e1:side:p1.2|e1:side:p1.3", "edge:e1:side:p1.3|e1:side:p1.2");
    expect(diff(BRACKET, after)).toEqual({
      added: [],
      removed: [],
      modified: [],
      moved: [],
      meta: [],
    });
  });

  it("[L7] added, removed and attribute-level modifications with the literals before and after", () => {
    const after = BRACKET.replace('distance="30"', 'distance="35"')
      .replace(' direction="symmetric"', "")
      .replace('    <fillet id="f1" edges="edge:e1:side:p1.2|e1:side:p1.3" radius="4"/>\n', "")
      .replace(
        "  </features>",
        '    <chamfer id="k1" edges="face:e1:top" distance="1"/>\n  </features>',
      );
    expect(diff(BRACKET, after)).toEqual({
      added: ["k1"],
      removed: ["f1"],
      modified: [
        {
          id: "e1",
          type: "extrude",
          attributes: [
            { attr: "distance", before: "30", after: "35" },
            { attr: "direction", before: "symmetric" },
          ],
        },
      ],
      moved: [],
      meta: [],
    });
  });

  it("[L7] sketch entities added, removed, modified", () => {
    const after = BRACKET.replace(
      '<circle id="h1" cx="33" cy="-8" r="3"/>',
      '<circle id="h1" cx="33" cy="-8" r="2.5"/>',
    )
      .replace('      <circle id="h2" cx="33" cy="8" r="3"/>\n', "")
      .replace(
        '</sketch>\n    <extrude id="e2"',
        '  <rect id="r1" x="0" y="0" width="1" height="1"/>\n    </sketch>\n    <extrude id="e2"',
      );
    const d = diff(BRACKET, after);
    expect(d.modified).toEqual([
      {
        id: "s2",
        type: "sketch",
        attributes: [],
        entities: {
          added: ["r1"],
          removed: ["h2"],
          modified: [
            { id: "h1", type: "circle", attributes: [{ attr: "r", before: "3", after: "2.5" }] },
          ],
          moved: [],
        },
      },
    ]);
  });

  it("[L7] moving one feature reports just that feature as moved", () => {
    const lines = BRACKET.split("\n");
    const fillet = lines.findIndex((l) => l.includes("<fillet"));
    const [f] = lines.splice(fillet, 1);
    lines.splice(
      lines.findIndex((l) => l.includes('<sketch id="s2"')),
      0,
      f!,
    );
    const d = diff(BRACKET, lines.join("\n"));
    expect(d).toMatchObject({ added: [], removed: [], modified: [], moved: ["f1"] });
  });

  it("[L7] a type change under one id and a model rename", () => {
    const after = BRACKET.replace('<fillet id="f1"', '<chamfer id="f1"')
      .replace('radius="4"', 'distance="4"')
      .replace('name="Angle bracket"', 'name="Bracket"');
    const d = diff(model(BRACKET), after);
    expect(d.modified).toEqual([
      {
        id: "f1",
        type: "chamfer",
        typeChanged: { before: "fillet", after: "chamfer" },
        attributes: [
          { attr: "radius", before: "4" },
          { attr: "distance", after: "4" },
        ],
      },
    ]);
    expect(d.meta).toEqual([{ attr: "name", before: "Angle bracket", after: "Bracket" }]);
  });

  it("[D6] diff of unreadable text throws (validate first)", () => {
    expect(() => diff(BRACKET, "<model")).toThrow(/XML_PARSE/);
  });
});
