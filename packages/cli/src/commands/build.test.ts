/**
 * `kerf build` (cli.md C1, C2, C5) on the real kernel: the JSON report, the human table, exit
 * statuses, STEP/STL files that read back with the model's volume, and a stdout that stays
 * clean JSON in a real process while OpenCascade's STEP writer talks.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { stepVolume, stlStats } from "@kerf/kernel/testing";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../main.ts";
import { recordingIo } from "../testing.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const read = (name: string) => readFileSync(join(ROOT, "examples", `${name}.kerf.xml`), "utf8");
const BRACKET = read("bracket");
// Hand computation in packages/kernel/src/build/testing.ts (EXAMPLE_VOLUMES): L-profile 564·30,
// minus two Ø6 holes through 6 mm (108π), plus the R4 fillet in the inner corner (480 − 120π).
const BRACKET_VOLUME = 16920 - 108 * Math.PI + 480 - 120 * Math.PI;
const FAILING = BRACKET.replace('radius="4"', 'radius="400"');
const BAD = `<model version="1">
  <features>
    <sketch id="s1" plane="XY" offset="+5"/>
  </features>
</model>
`;

const dir = mkdtempSync(join(tmpdir(), "kerf-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Report {
  ok: boolean;
  features: { id: string; type: string; status: string; error?: { code: string } }[];
  body: { volume: number; faceCount: number; edgeCount: number; solids: number } | null;
  faces?: { ref: string }[];
  edges?: { ref: string; convexity: string }[];
  timings: { totalMs: number };
}

describe("kerf build", () => {
  it("[C2] --json prints one object: ok, features, body, timings", async () => {
    const io = recordingIo({ "b.kerf.xml": BRACKET });
    expect(await main(["build", "b.kerf.xml", "--json"], io)).toBe(0);
    expect(io.err).toBe("");
    expect(io.out.endsWith("}\n")).toBe(true);
    const r = JSON.parse(io.out) as Report;
    expect(Object.keys(r)).toEqual(["ok", "features", "body", "timings"]);
    expect(r.ok).toBe(true);
    expect(r.features).toEqual([
      { id: "s1", type: "sketch", status: "ok" },
      { id: "e1", type: "extrude", status: "ok" },
      { id: "s2", type: "sketch", status: "ok" },
      { id: "e2", type: "extrude", status: "ok" },
      { id: "f1", type: "fillet", status: "ok" },
    ]);
    expect(Object.keys(r.body!)).toEqual([
      "volume",
      "area",
      "bbox",
      "centerOfMass",
      "faceCount",
      "edgeCount",
      "solids",
    ]);
    expect(r.body!.volume).toBeCloseTo(BRACKET_VOLUME, 5);
    expect(r.body).toMatchObject({
      bbox: { min: [0, -15, 0], max: [60, 15, 40] },
      faceCount: 11,
      edgeCount: 27,
      solids: 1,
    });
    expect(Number.isInteger(r.timings.totalMs)).toBe(true);
  });

  it("[C2] --topology adds faces and edges (FaceInfo/EdgeInfo), sorted by ref", async () => {
    const io = recordingIo({ "b.kerf.xml": BRACKET });
    expect(await main(["build", "b.kerf.xml", "--json", "--topology"], io)).toBe(0);
    const r = JSON.parse(io.out) as Report;
    expect(Object.keys(r)).toEqual(["ok", "features", "body", "faces", "edges", "timings"]);
    const faces = r.faces!.map((f) => f.ref);
    const edges = r.edges!.map((e) => e.ref);
    expect(faces).toHaveLength(11);
    expect(edges).toHaveLength(27);
    expect([...faces].sort()).toEqual(faces);
    expect([...edges].sort()).toEqual(edges);
    expect(faces).toContain("face:f1:blend[e1:side:p1.2|e1:side:p1.3]");
  });

  it("[C2] without --json: a short table of the same facts", async () => {
    const io = recordingIo({ "b.kerf.xml": BRACKET });
    expect(await main(["build", "b.kerf.xml"], io)).toBe(0);
    const lines = io.out.split("\n");
    expect(lines[0]).toMatch(/^id\s+type\s+status$/);
    expect(lines[1]).toMatch(/^s1\s+sketch\s+ok$/);
    expect(lines[5]).toMatch(/^f1\s+fillet\s+ok$/);
    expect(io.out).toContain(`volume        ${Math.round(BRACKET_VOLUME * 1000) / 1000} mm³`);
    expect(io.out).toContain("11 faces, 27 edges, 1 solid(s)");
    expect(io.out).toMatch(/built in \d+ ms\n$/);
  });

  it("[C1][C2] a failed feature: its error in the report, ok false, exit 1", async () => {
    const io = recordingIo({ "b.kerf.xml": FAILING });
    expect(await main(["build", "b.kerf.xml", "--json"], io)).toBe(1);
    const r = JSON.parse(io.out) as Report;
    expect(r.ok).toBe(false);
    const f1 = r.features.find((f) => f.id === "f1")!;
    expect(f1.status).toBe("error");
    expect(f1.error!.code).toBe("KERNEL_FAILURE");
    expect(Object.keys(f1.error!)).toEqual(["code", "message"]);
    expect(r.body!.volume).toBeCloseTo(16920 - 108 * Math.PI, 5); // the body before f1
    const human = recordingIo({ "b.kerf.xml": FAILING });
    expect(await main(["build", "b.kerf.xml"], human)).toBe(1);
    expect(human.out).toMatch(/^f1\s+fillet\s+error\s+KERNEL_FAILURE: /m);
  });

  it("[C1] no body: nothing to export is a model problem (exit 1, one line on stderr)", async () => {
    const sketchOnly = `<model version="1" units="mm" name="t"><features>
      <sketch id="s1" plane="XY"><circle id="c1" cx="0" cy="0" r="1"/></sketch></features></model>`;
    const io = recordingIo({ "m.kerf.xml": sketchOnly });
    expect(await main(["build", "m.kerf.xml", "--json", "--stl", join(dir, "none.stl")], io)).toBe(
      1,
    );
    const r = JSON.parse(io.out) as Report;
    expect(r.ok).toBe(false);
    expect(r.body).toBeNull();
    expect(io.err).toBe(
      "kerf build: nothing to export: no feature produced a body; add a solid feature (extrude, revolve).\n",
    );
  });

  it("[C1] an invalid document: its D6 problems as validate prints them, exit 1", async () => {
    const io = recordingIo({ "m.kerf.xml": BAD });
    expect(await main(["build", "m.kerf.xml"], io)).toBe(1);
    expect(io.out.split("\n")[0]).toMatch(/^3:32 BAD_VALUE /);
    const json = recordingIo({ "m.kerf.xml": BAD });
    expect(await main(["build", "m.kerf.xml", "--json"], json)).toBe(1);
    const r = JSON.parse(json.out) as { ok: boolean; valid: boolean; errors: { code: string }[] };
    expect(r.ok).toBe(false);
    expect(r.valid).toBe(false);
    expect(r.errors.map((e) => e.code)).toEqual(["BAD_VALUE"]);
  });

  it.each([[[]], [["a.xml", "b.xml"]], [["--jsn", "a.xml"]], [["a.xml", "--step"]]])(
    "[C1] unusable arguments %j exit 2 with one line",
    async (args) => {
      const io = recordingIo({ "a.xml": BRACKET });
      expect(await main(["build", ...args], io)).toBe(2);
      expect(io.out).toBe("");
      expect(io.err.trimEnd().split("\n")).toHaveLength(1);
      expect(io.err).toMatch(/Usage: kerf build/);
    },
  );

  it("[C1] an unreadable model or an unwritable output exits 2 with one line", async () => {
    const io = recordingIo();
    expect(await main(["build", "missing.kerf.xml"], io)).toBe(2);
    expect(io.err).toBe(
      'kerf build: cannot read "missing.kerf.xml" (no such file); check the path.\n',
    );
    const out = recordingIo({ "b.kerf.xml": BRACKET });
    const bad = join(dir, "no-such-dir", "x.step");
    expect(await main(["build", "b.kerf.xml", "--step", bad], out)).toBe(2);
    expect(out.err).toBe(`kerf build: cannot write "${bad}" (ENOENT); check the path.\n`);
  });

  it("[C5] --step and --stl write files that read back with the model's volume (1e-3)", async () => {
    const step = join(dir, "bracket.step");
    const stl = join(dir, "bracket.stl");
    const io = recordingIo({ "b.kerf.xml": BRACKET });
    expect(await main(["build", "b.kerf.xml", "--step", step, "--stl", stl], io)).toBe(0);
    expect(io.out).toContain(`wrote ${step}\nwrote ${stl}\n`);
    const v = await stepVolume(new Uint8Array(readFileSync(step)));
    expect(Math.abs(v / BRACKET_VOLUME - 1)).toBeLessThan(1e-3);
    const s = stlStats(new Uint8Array(readFileSync(stl)));
    expect(s.openEdges).toBe(0);
    expect(Math.abs(s.volume / BRACKET_VOLUME - 1)).toBeLessThan(1e-3);
  });

  it("[C5] `npx kerf build examples/bracket.kerf.xml --json --step` prints only JSON on stdout", async () => {
    const step = join(dir, "cli.step");
    const { stdout } = await promisify(execFile)(
      "npx",
      ["kerf", "build", "examples/bracket.kerf.xml", "--json", "--step", step],
      { cwd: ROOT },
    );
    expect(stdout.trimEnd().split("\n")).toHaveLength(1);
    const r = JSON.parse(stdout) as Report;
    expect(r.ok).toBe(true);
    expect(r.body!.volume).toBeCloseTo(BRACKET_VOLUME, 5);
    expect(readFileSync(step).subarray(0, 13).toString()).toBe("ISO-10303-21;");
  }, 120_000);
});
