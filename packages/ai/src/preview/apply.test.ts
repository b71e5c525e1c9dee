import { describe, expect, it } from "vitest";
import { applyDocument, createUndoManager, parseXml } from "@kerf/document";
import { example, useKernel } from "../../test/kernel.ts";
import type { NodeSession } from "../node-session.ts";
import { createPreview } from "./create.ts";
import { applyPreview, rejectPreview } from "./apply.ts";

const k = useKernel();
const PLATE = example("plate");
const THICKER = PLATE.replace('distance="10"', 'distance="15"');
/** The plate plus a fillet on the four vertical edges (a proposal that adds a feature). */
const ROUNDED = PLATE.replace(
  "  </features>",
  '    <fillet id="f1" edges="edge:e1:side:r1.bottom|e1:side:r1.left edge:e1:side:r1.bottom|e1:side:r1.right edge:e1:side:r1.left|e1:side:r1.top edge:e1:side:r1.right|e1:side:r1.top" radius="2"/>\n  </features>',
);

async function propose(session: NodeSession, xml: string): Promise<string> {
  const r = await createPreview(session, xml, "proposal");
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return (r.data as { changeId: string }).changeId;
}

/** Counts transactions on the live document by origin. */
function watchOrigins(session: NodeSession): unknown[] {
  const origins: unknown[] = [];
  session.doc.on("afterTransaction", (tr) => {
    if (tr.changed.size > 0) origins.push(tr.origin);
  });
  return origins;
}

describe("L7 applying a preview", () => {
  it("[L7][D7.1] apply is one transaction with origin ai: one undo step", async () => {
    const session = k.session("plate");
    const undo = createUndoManager(session.doc);
    const origins = watchOrigins(session);
    const before = session.document().revision;
    const id = await propose(session, ROUNDED);

    const r = await applyPreview(session, id);
    expect(r).toMatchObject({ status: "applied", changeId: id });
    expect(origins).toEqual(["ai"]);
    expect(session.previews.get(id)!.status).toBe("applied");
    const after = session.document();
    expect(r.status === "applied" && r.revision).toBe(after.revision);
    expect(after.revision).not.toBe(before);
    expect(parseXml(after.text).ok).toBe(true);
    expect(after.text).toContain('<fillet id="f1"');
    // The live build follows the document.
    const build = await session.currentBuild();
    expect(build.features.map((f) => [f.id, f.status])).toContainEqual(["f1", "ok"]);

    // One undo step takes the whole apply back (D7.2.1: the earlier revision again).
    expect(undo.undoStack).toHaveLength(1);
    undo.undo();
    expect(session.document().revision).toBe(before);
    expect(undo.undoStack).toHaveLength(0);
  });

  it("[L7] a preview is applied once; rejected or unknown ones are refused", async () => {
    const session = k.session("plate");
    const id = await propose(session, THICKER);
    expect((await applyPreview(session, id)).status).toBe("applied");
    expect(await applyPreview(session, id)).toMatchObject({ status: "refused" });
    const other = await propose(session, PLATE);
    expect(rejectPreview(session, other)).toBe(true);
    expect(await applyPreview(session, other)).toMatchObject({ status: "refused" });
    expect(await applyPreview(session, "c99")).toMatchObject({ status: "refused" });
  });

  it("[L7] the document changed meanwhile: the change is carried onto it and shown again; the user's feature stays", async () => {
    const session = k.session("plate");
    const id = await propose(session, ROUNDED);
    // Meanwhile the user adds a sketch of their own.
    const withSketch = PLATE.replace(
      "  </features>",
      '    <sketch id="s9" plane="XZ"><circle id="c9" cx="0" cy="5" r="1"/></sketch>\n  </features>',
    );
    expect(applyDocument(session.doc, withSketch, "user").ok).toBe(true);
    const origins = watchOrigins(session);
    const userRevision = session.document().revision;

    const r = await applyPreview(session, id);
    expect(r.status).toBe("rebased");
    if (r.status !== "rebased") return;
    // Nothing applied yet: the user confirms the rebased preview.
    expect(origins).toEqual([]);
    expect(session.document().revision).toBe(userRevision);
    expect(session.previews.get(id)!.status).toBe("superseded");
    expect(r.preview).toMatchObject({
      rebasedFrom: id,
      status: "awaiting_user",
      baseRevision: userRevision,
    });
    expect(r.preview.diff.added).toEqual(["f1"]);
    expect(r.preview.build.features.every((f) => f.status === "ok")).toBe(true);

    const confirmed = await applyPreview(session, r.preview.changeId);
    expect(confirmed.status).toBe("applied");
    expect(origins).toEqual(["ai"]);
    const text = session.document().text;
    expect(text).toContain('<sketch id="s9"');
    expect(text).toContain('<fillet id="f1"');
  });

  it("[L7] refused when a feature changed both in the document and in the proposal", async () => {
    const session = k.session("plate");
    const id = await propose(session, THICKER);
    expect(
      applyDocument(session.doc, PLATE.replace('distance="10"', 'distance="12"'), "user").ok,
    ).toBe(true);
    const revision = session.document().revision;
    const r = await applyPreview(session, id);
    expect(r).toMatchObject({ status: "conflict", features: ["e1"] });
    expect(r.status === "conflict" && r.message).toMatch(/e1 changed in both/);
    expect(session.document().revision).toBe(revision);
    expect(session.previews.get(id)!.status).toBe("awaiting_user");
  });

  it("[L7] the model hears of an apply on its next message", async () => {
    const session = k.session("plate");
    const id = await propose(session, THICKER);
    await applyPreview(session, id);
    expect(session.previews.takeDecisions()).toEqual([{ changeId: id, decision: "applied" }]);
    expect(session.previews.takeDecisions()).toEqual([]);
  });
});
