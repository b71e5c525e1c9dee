import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyDocument } from "./live/apply.ts";
import { updateFeature } from "./live/commands.ts";
import { createDoc, loadText } from "./live/doc.ts";
import { createUndoManager } from "./live/undo.ts";
import { fnv1a64, revision } from "./revision.ts";
import { parseXml } from "./text.ts";

const BRACKET = readFileSync(
  new URL("../../../examples/bracket.kerf.xml", import.meta.url),
  "utf8",
);

describe("revision", () => {
  it.each([
    ["", "cbf29ce484222325"],
    ["a", "af63dc4c8601ec8c"],
    ["foobar", "85944171f73967e8"],
  ])("FNV-1a 64 of %j is %s", (text, hash) => {
    expect(fnv1a64(text)).toBe(hash);
  });

  it("[D7.2.1] equal content gives an equal revision from text, model and live document", () => {
    const doc = createDoc();
    loadText(doc, BRACKET);
    const parsed = parseXml(BRACKET);
    const r = revision(BRACKET);
    expect(r).toMatch(/^[0-9a-f]{16}$/);
    expect(revision(doc)).toBe(r);
    expect(parsed.ok && revision(parsed.model)).toBe(r);
  });

  it("[D7.2.1] whitespace, attribute order, number spelling and explicit defaults do not change the revision", () => {
    const variant = BRACKET.replace(/\n\s*/g, " ")
      .replace('sketch="s1" distance="30"', 'distance="30.0" sketch="s1" op="add"')
      .replace('r="3"', 'r="3e0"');
    expect(revision(variant)).toBe(revision(BRACKET));
  });

  it("[D7.2.1] any change of content changes the revision", () => {
    const base = revision(BRACKET);
    expect(revision(BRACKET.replace('distance="30"', 'distance="31"'))).not.toBe(base);
    expect(revision(BRACKET.replace('name="Angle bracket"', 'name="Angle bracket "'))).not.toBe(
      base,
    );
    expect(revision(BRACKET.replace('radius="4"', 'radius="4" suppressed="true"'))).not.toBe(base);
  });

  it("[D7.2.1] an undo back to earlier content returns the earlier revision", () => {
    const doc = createDoc();
    loadText(doc, BRACKET);
    const undo = createUndoManager(doc);
    const r0 = revision(doc);
    updateFeature(doc, "e1", { distance: 45 });
    const r1 = revision(doc);
    applyDocument(doc, BRACKET.replace('radius="4"', 'radius="2"'), "ai");
    expect(new Set([r0, r1, revision(doc)]).size).toBe(3);
    undo.undo();
    expect(revision(doc)).toBe(r1);
    undo.undo();
    expect(revision(doc)).toBe(r0);
  });

  it("[D7.2.1] invalid and unreadable texts have stable revisions of their own", () => {
    const invalid = BRACKET.replace('radius="4"', 'radius="-4"');
    expect(revision(invalid)).toBe(revision(invalid));
    expect(revision(invalid)).not.toBe(revision(BRACKET));
    expect(revision("<model")).toBe(revision("<model"));
    expect(revision("<model")).not.toBe(revision("<model "));
  });
});
