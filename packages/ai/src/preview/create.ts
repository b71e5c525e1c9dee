/**
 * Validate a proposed document, build it in a sandbox (never the live view's build), diff it
 * against the current document and record it as a preview awaiting the user (T1 preview_change).
 */
import { fail, ok, type ToolResult } from "../envelope.ts";
import { diffModels, readDocument, revisionOf, textOf, validateAgainst } from "../doc.ts";
import { queuedBuild } from "../kernel-queue.ts";
import type { Session } from "../session.ts";
import { previewData, type Preview } from "./store.ts";

export interface CreateOptions {
  signal?: AbortSignal;
  /** L7: this preview carries an earlier one onto a changed document. */
  rebasedFrom?: string;
}

/** Resolves with the new preview's T1 data, or an error envelope. */
export async function createPreview(
  session: Session,
  xml: string,
  summary: string,
  options: CreateOptions = {},
): Promise<ToolResult> {
  const base = session.document();
  const current = readDocument(base.text);
  if (!current.ok) {
    return fail(
      "BAD_ROOT",
      "The current document does not parse, so no change can be previewed against it.",
      {
        errors: current.errors,
      },
    );
  }
  const report = validateAgainst(xml, current.model);
  const problems = [...report.errors, ...report.warnings];
  const beforeBuild = await session.currentBuild();
  const before = beforeBuild.body;
  if (!report.valid) {
    // Nothing to preview: the model fixes the errors and calls again.
    return ok({
      changeId: null,
      baseRevision: base.revision,
      valid: false,
      errors: problems,
      diff: { added: [], removed: [], modified: [], moved: [] },
      build: { features: [] },
      body: { before, after: null },
      status: "invalid",
    });
  }
  const proposed = readDocument(xml);
  if (!proposed.ok)
    return fail("XML_PARSE", "The proposed document does not parse.", { errors: proposed.errors });
  const proposedText = textOf(proposed.model);
  const proposedRevision = revisionOf(proposedText);
  if (proposedRevision === base.revision) {
    return fail(
      "INVALID_ARGUMENTS",
      "The proposed document is the same as the current one: there is nothing to preview.",
    );
  }
  const rejected = session.previews.rejectedWith(proposedRevision);
  if (rejected) {
    return fail(
      "CHANGE_REJECTED",
      `The user already rejected this exact document (change ${rejected.changeId}). Do not propose it again unchanged; ask the user what they want instead.`,
      { changeId: rejected.changeId },
    );
  }
  const build = await queuedBuild(session.kernel, proposed.model, { mesh: session.previewMesh });
  if (options.signal?.aborted) return fail("ABORTED", "The user stopped this message.");
  const record: Omit<Preview, "changeId" | "status"> = {
    summary,
    baseRevision: base.revision,
    baseText: base.text,
    proposedText,
    proposedRevision,
    errors: report.errors,
    warnings: report.warnings,
    diff: diffModels(current.model, proposed.model),
    build,
    body: { before, after: build.body },
  };
  if (options.rebasedFrom) record.rebasedFrom = options.rebasedFrom;
  return ok(previewData(session.previews.add(record)));
}
