import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { main } from "../main.ts";
import { recordingIo } from "../testing.ts";

const BRACKET = readFileSync(
  new URL("../../../../examples/bracket.kerf.xml", import.meta.url),
  "utf8",
);
const BAD = `<model version="1">
  <features>
    <sketch id="s1" plane="XY" offset="+5"/>
    <fillet id="f1" edges="edge:e1:top|e1:bottom" radius="2"/>
  </features>
</model>
`;
const WARN = BRACKET.replace("edge:e1:side:p1.2|e1:side:p1.3", "edge:e1:side:p1.3|e1:side:p1.2");

describe("kerf validate", () => {
  it("[C1] a valid model exits 0", async () => {
    const io = recordingIo({ "m.kerf.xml": BRACKET });
    expect(await main(["validate", "m.kerf.xml"], io)).toBe(0);
    expect(io.out).toBe("valid: 0 errors, 0 warnings\n");
    expect(io.err).toBe("");
  });

  it("[C1] an invalid model exits 1 and lists every problem as line:col CODE message", async () => {
    const io = recordingIo({ "m.kerf.xml": BAD });
    expect(await main(["validate", "m.kerf.xml"], io)).toBe(1);
    const lines = io.out.trimEnd().split("\n");
    expect(lines.map((l) => l.split(" ").slice(0, 2).join(" "))).toEqual([
      "3:32 BAD_VALUE",
      "4:21 DANGLING_REF",
      "4:21 UNSORTED_EDGE_REF",
      "invalid: 2",
    ]);
    expect(lines[3]).toBe("invalid: 2 errors, 1 warning");
  });

  it("[C1] warnings alone keep the exit status 0", async () => {
    const io = recordingIo({ "m.kerf.xml": WARN });
    expect(await main(["validate", "m.kerf.xml"], io)).toBe(0);
    expect(io.out).toMatch(/^\d+:\d+ UNSORTED_EDGE_REF /);
  });

  it("[C1][T1] --json prints the validate_xml data {valid, errors, warnings}", async () => {
    const io = recordingIo({ "m.kerf.xml": BAD });
    expect(await main(["validate", "--json", "m.kerf.xml"], io)).toBe(1);
    const data = JSON.parse(io.out) as {
      valid: boolean;
      errors: { code: string }[];
      warnings: { code: string }[];
    };
    expect(Object.keys(data)).toEqual(["valid", "errors", "warnings"]);
    expect(data.valid).toBe(false);
    expect(data.errors.map((p) => p.code)).toEqual(["BAD_VALUE", "DANGLING_REF"]);
    expect(data.warnings.map((p) => p.code)).toEqual(["UNSORTED_EDGE_REF"]);
    expect(data.errors[0]).toMatchObject({
      featureId: "s1",
      attribute: "offset",
      line: 3,
      column: 32,
    });
  });

  it("[C1] an unreadable file exits 2 with one line on stderr saying what to do", async () => {
    const io = recordingIo();
    expect(await main(["validate", "missing.kerf.xml"], io)).toBe(2);
    expect(io.out).toBe("");
    expect(io.err).toBe(
      'kerf validate: cannot read "missing.kerf.xml" (no such file); check the path.\n',
    );
  });

  it.each([[[]], [["a.xml", "b.xml"]], [["--jsn", "a.xml"]]])(
    "[C1] unusable arguments %j exit 2 with one line",
    async (args) => {
      const io = recordingIo({ "a.xml": BRACKET });
      expect(await main(["validate", ...args], io)).toBe(2);
      expect(io.err.trimEnd().split("\n")).toHaveLength(1);
      expect(io.err).toMatch(/Usage: kerf validate/);
    },
  );
});
