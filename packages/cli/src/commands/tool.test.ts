import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { main } from "../main.ts";
import { recordingIo } from "../testing.ts";

const EXAMPLE = fileURLToPath(new URL("../../../../examples/bracket.kerf.xml", import.meta.url));
const BRACKET = readFileSync(EXAMPLE, "utf8");
const BIN = fileURLToPath(new URL("../../bin/kerf.mjs", import.meta.url));

async function kerf(...args: string[]) {
  const io = recordingIo({ "bracket.kerf.xml": BRACKET, "junk.kerf.xml": "not xml at all" });
  const status = await main(["tool", ...args], io);
  return { status, out: io.out, err: io.err };
}

describe("kerf tool", () => {
  it("[C3][C1] runs find_faces on the built bracket and prints its envelope as one line of JSON", async () => {
    const r = await kerf(
      "bracket.kerf.xml",
      "find_faces",
      '{"orientation":"top","surfaceType":"plane"}',
    );
    expect(r.status).toBe(0);
    expect(r.err).toBe("");
    expect(r.out.endsWith("\n")).toBe(true);
    expect(r.out.trimEnd().split("\n")).toHaveLength(1);
    const envelope = JSON.parse(r.out);
    expect(envelope.ok).toBe(true);
    expect(envelope.data.faces.map((f: { ref: string }) => f.ref)).toEqual([
      "face:e1:side:p1.2",
      "face:e1:side:p1.4",
    ]);
  });

  it("[C3] no JSON-ARGS means {}", async () => {
    const r = await kerf("bracket.kerf.xml", "get_current_selection");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ok: true, data: { count: 0, selection: [] } });
  });

  it("[C3] --select sets the current selection (repeatable)", async () => {
    const r = await kerf(
      "bracket.kerf.xml",
      "get_current_selection",
      "--select",
      "face:e2:side:h1",
      "--select",
      "f1",
    );
    expect(r.status).toBe(0);
    const { data } = JSON.parse(r.out);
    expect(data.count).toBe(2);
    expect(data.selection.map((s: { kind: string; ref: string }) => [s.kind, s.ref])).toEqual([
      ["face", "face:e2:side:h1"],
      ["feature", "f1"],
    ]);
  });

  it("[C3] get_geometry body and preview_change work from the command line; nothing is written", async () => {
    const body = await kerf("bracket.kerf.xml", "get_geometry", '{"ref":"body"}');
    expect(body.status).toBe(0);
    expect(JSON.parse(body.out).data).toMatchObject({ faceCount: 11, edgeCount: 27 });
    const xml = BRACKET.replace('radius="4"', 'radius="2"');
    const preview = await kerf(
      "bracket.kerf.xml",
      "preview_change",
      JSON.stringify({ xml, summary: "smaller fillet" }),
    );
    expect(preview.status).toBe(0);
    expect(JSON.parse(preview.out).data).toMatchObject({ changeId: "c1", status: "awaiting_user" });
  });

  it("[C1][T1.3] a tool answering ok: false exits 1 and still prints the envelope", async () => {
    const r = await kerf("bracket.kerf.xml", "get_geometry", '{"ref":"face:e1:side:p1.22"}');
    expect(r.status).toBe(1);
    const envelope = JSON.parse(r.out);
    expect(envelope).toMatchObject({ ok: false, error: { code: "REF_NOT_FOUND" } });
    expect(envelope.error.suggestions).toContain("face:e1:side:p1.2");
  });

  it.each([
    [
      ["bracket.kerf.xml", "find_everything"],
      /unknown tool "find_everything"; use one of: get_current_selection, find_faces/,
    ],
    [
      ["bracket.kerf.xml", "find_faces", "{orientation: top}"],
      /JSON-ARGS do not fit find_faces: not valid JSON/,
    ],
    [
      ["bracket.kerf.xml", "find_faces", '{"orientation":"up"}'],
      /JSON-ARGS do not fit find_faces: orientation: /,
    ],
    [["bracket.kerf.xml", "get_geometry"], /JSON-ARGS do not fit get_geometry: ref: /],
    [["bracket.kerf.xml", "find_faces", "--select", "face:nope"], /--select "face:nope"/],
    [["bracket.kerf.xml"], /Usage: kerf tool/],
    [["bracket.kerf.xml", "find_faces", "{}", "extra"], /Usage: kerf tool/],
    [["missing.kerf.xml", "find_faces"], /cannot read "missing.kerf.xml"/],
    [["junk.kerf.xml", "find_faces"], /"junk.kerf.xml" is not a usable Kerf model/],
  ])("[C1] unusable input %j exits 2 with one line on stderr", async (args, message) => {
    const r = await kerf(...(args as string[]));
    expect(r.status).toBe(2);
    expect(r.out).toBe("");
    expect(r.err.trimEnd().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(message);
  });

  it("[C3][C5] through the bin script, stdout is the envelope alone", () => {
    const r = spawnSync(
      process.execPath,
      [BIN, "tool", EXAMPLE, "find_edges", '{"curveType":"arc"}'],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    const envelope = JSON.parse(r.stdout);
    expect(envelope.data.total).toBe(2);
  });
});
