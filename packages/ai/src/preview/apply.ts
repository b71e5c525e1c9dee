/**
 * L7: only the user applies a preview. Apply checks the document revision against the preview's
 * base; if the document changed, the base→proposal change is carried onto the current document,
 * rebuilt and shown again for the user to confirm, or refused when a feature changed on both sides.
 * Applying is one transaction with origin "ai" (one undo step), done by `session.commit`.
 */
import { readDocument, textOf } from "../doc.ts";
import type { Session } from "../session.ts";
import { createPreview } from "./create.ts";
import { rebase } from "./rebase.ts";
import type { Preview } from "./store.ts";

export type ApplyResult =
  | { status: "applied"; changeId: string; revision: string }
  /** The document changed since the preview: here is the same change on the current document. */
  | { status: "rebased"; changeId: string; preview: Preview }
  /** Refused: features changed both in the document and in the proposal. */
  | { status: "conflict"; changeId: string; features: string[]; message: string }
  | { status: "refused"; changeId: string; message: string };

export async function applyPreview(session: Session, changeId: string): Promise<ApplyResult> {
  const preview = session.previews.get(changeId);
  if (!preview) return { status: "refused", changeId, message: `There is no change ${changeId}.` };
  if (preview.status !== "awaiting_user") {
    return {
      status: "refused",
      changeId,
      message: `Change ${changeId} is ${preview.status.replace("_", " ")}.`,
    };
  }
  const proposed = readDocument(preview.proposedText);
  if (!proposed.ok)
    return { status: "refused", changeId, message: `Change ${changeId} is not a valid document.` };

  const now = session.document();
  if (now.revision === preview.baseRevision) {
    session.commit(proposed.model);
    session.previews.setStatus(changeId, "applied");
    return { status: "applied", changeId, revision: session.document().revision };
  }

  const base = readDocument(preview.baseText);
  const current = readDocument(now.text);
  if (!base.ok || !current.ok) {
    return {
      status: "refused",
      changeId,
      message: "The document no longer parses; fix it before applying.",
    };
  }
  const merged = rebase(base.model, proposed.model, current.model);
  if (!merged.ok) {
    return {
      status: "conflict",
      changeId,
      features: merged.conflicts,
      message: `The document changed since change ${changeId} was proposed, and ${merged.conflicts.join(", ")} changed in both. Ask the assistant for a new proposal.`,
    };
  }
  const again = await createPreview(session, textOf(merged.model), preview.summary, {
    rebasedFrom: changeId,
  });
  const id = again.ok ? (again.data as { changeId: string | null }).changeId : null;
  const rebased = id ? session.previews.get(id) : undefined;
  if (!rebased) {
    const why = again.ok ? "the merged document is not valid" : again.error.message;
    return {
      status: "conflict",
      changeId,
      features: [],
      message: `Change ${changeId} no longer fits the current document (${why}). Ask the assistant for a new proposal.`,
    };
  }
  session.previews.setStatus(changeId, "superseded");
  return { status: "rebased", changeId, preview: rebased };
}

/** The user declines a preview; the model hears of it on the next message (L7). */
export function rejectPreview(session: Session, changeId: string): boolean {
  const preview = session.previews.get(changeId);
  if (!preview || preview.status !== "awaiting_user") return false;
  session.previews.setStatus(changeId, "rejected");
  return true;
}
