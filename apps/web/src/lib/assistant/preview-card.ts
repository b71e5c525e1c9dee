/**
 * What a preview card shows, as plain data (stored with the conversation): the summary, a readable
 * diff (features added, removed, changed with old → new values, moved), the proposal's build
 * status, the body's change and, for an invalid proposal, its D6 problems.
 */
import type { Preview, PreviewData } from "@kerf/ai";
import { parseXmlPartial, type Feature, type Problem } from "@kerf/document";
import type { BodyProperties } from "@kerf/kernel";

export type CardStatus =
  | "awaiting_user"
  | "applied"
  | "rejected"
  | "superseded"
  /** The proposal failed validation (D6): never applicable. */
  | "invalid"
  /** From an earlier visit of the page: the preview is gone, it can no longer be applied. */
  | "expired";

export interface DiffRow {
  kind: "added" | "removed" | "modified" | "moved";
  id: string;
  type: string;
  /** "fillet f1: radius 2, edges face:e1:top" / "extrude e1" */
  text: string;
  /** Changed attributes of a modified feature. */
  changes: { attr: string; before: string; after: string }[];
}

export interface BodyChange {
  volume: { before: number | null; after: number | null };
  area: { before: number | null; after: number | null };
  faces: { before: number | null; after: number | null };
}

export interface PreviewCard {
  /** Null for an invalid proposal (no preview was recorded). */
  changeId: string | null;
  /** The tool call that proposed it (key of an invalid card). */
  callId: string;
  summary: string;
  status: CardStatus;
  problems: { severity: string; code: string; message: string; featureId?: string }[];
  diff: DiffRow[];
  build: { id: string; status: string; error?: string }[];
  body: BodyChange;
  /** The change this one carries onto a changed document (L7). */
  rebasedFrom?: string;
  /** The outcome of the last Apply, in words (conflict, refusal). */
  message?: string;
}

const EMPTY_VALUE = "—";

/** A feature attribute value in words. */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null || v === "") return EMPTY_VALUE;
  if (Array.isArray(v)) return v.map(formatValue).join(", ");
  if (typeof v === "number") return String(Math.round(v * 1e6) / 1e6);
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** "fillet f1: radius 2, edges face:e1:top" */
export function describeFeature(f: Feature): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(f)) {
    if (k === "id" || k === "type" || k === "name") continue;
    if (k === "suppressed") {
      if (v === true) parts.push("suppressed");
      continue;
    }
    if (k === "entities" && Array.isArray(v)) {
      parts.push(`${v.length} ${v.length === 1 ? "entity" : "entities"}`);
      continue;
    }
    if (v === undefined) continue;
    parts.push(`${k} ${formatValue(v)}`);
  }
  const name = f.name ? ` “${f.name}”` : "";
  return `${f.type} ${f.id}${name}${parts.length ? ": " + parts.join(", ") : ""}`;
}

function featuresOf(text: string): Map<string, Feature> {
  const m = parseXmlPartial(text).model;
  return new Map((m?.features ?? []).map((f) => [f.id as string, f]));
}

/** The readable diff of a preview. */
export function diffRows(p: Pick<Preview, "diff" | "baseText" | "proposedText">): DiffRow[] {
  const before = featuresOf(p.baseText);
  const after = featuresOf(p.proposedText);
  const featureRow = (kind: "added" | "removed", id: string, f: Feature | undefined): DiffRow => ({
    kind,
    id,
    type: f?.type ?? "feature",
    text: f ? describeFeature(f) : id,
    changes: [],
  });
  const rows: DiffRow[] = [
    ...p.diff.added.map((id) => featureRow("added", id, after.get(id))),
    ...p.diff.removed.map((id) => featureRow("removed", id, before.get(id))),
  ];
  for (const m of p.diff.modified) {
    const changes = m.attributes.map((a) => ({
      attr: a.attr,
      before: a.before ?? EMPTY_VALUE,
      after: a.after ?? EMPTY_VALUE,
    }));
    const ent = m.entities;
    if (ent) {
      const n = ent.added.length + ent.removed.length + ent.modified.length + ent.moved.length;
      const bits = [
        ent.added.length ? `${ent.added.length} added` : "",
        ent.removed.length ? `${ent.removed.length} removed` : "",
        ent.modified.length ? `${ent.modified.length} changed` : "",
        ent.moved.length ? `${ent.moved.length} moved` : "",
      ].filter(Boolean);
      if (n) changes.push({ attr: "entities", before: "", after: bits.join(", ") });
    }
    const type = m.typeChanged ? `${m.typeChanged.before} → ${m.typeChanged.after}` : m.type;
    rows.push({ kind: "modified", id: m.id, type, text: `${type} ${m.id}`, changes });
  }
  for (const id of p.diff.moved) {
    const f = after.get(id);
    rows.push({
      kind: "moved",
      id,
      type: f?.type ?? "feature",
      text: `${f?.type ?? ""} ${id} moved`.trim(),
      changes: [],
    });
  }
  return rows;
}

function bodyChange(before: BodyProperties | null, after: BodyProperties | null): BodyChange {
  return {
    volume: { before: before?.volume ?? null, after: after?.volume ?? null },
    area: { before: before?.area ?? null, after: after?.area ?? null },
    faces: { before: before?.faceCount ?? null, after: after?.faceCount ?? null },
  };
}

function problemsOf(list: readonly Problem[]): PreviewCard["problems"] {
  return list.map((p) => ({
    severity: p.severity,
    code: p.code,
    message: p.message,
    ...(p.featureId ? { featureId: p.featureId } : {}),
  }));
}

/** The card of a recorded preview. */
export function cardOfPreview(p: Preview, callId: string): PreviewCard {
  const card: PreviewCard = {
    changeId: p.changeId,
    callId,
    summary: p.summary,
    status: p.errors.length ? "invalid" : p.status,
    problems: problemsOf([...p.errors, ...p.warnings]),
    diff: diffRows(p),
    build: p.build.features.map((f) => ({
      id: f.id,
      status: f.status,
      ...(f.error ? { error: `${f.error.code}: ${f.error.message}` } : {}),
    })),
    body: bodyChange(p.body.before, p.body.after),
  };
  if (p.rebasedFrom) card.rebasedFrom = p.rebasedFrom;
  return card;
}

/** The card of a preview_change answer that recorded nothing (`valid: false`). */
export function cardOfInvalid(
  data: PreviewData | { valid: false; errors: Problem[] },
  summary: string,
  callId: string,
): PreviewCard {
  const before = "body" in data ? data.body.before : null;
  return {
    changeId: null,
    callId,
    summary,
    status: "invalid",
    problems: problemsOf(data.errors),
    diff: [],
    build: [],
    body: bodyChange(before, null),
  };
}

/** Apply is offered only for a valid preview still awaiting the user. */
export function isApplicable(card: PreviewCard): boolean {
  return (
    card.status === "awaiting_user" &&
    card.changeId !== null &&
    !card.problems.some((p) => p.severity === "error")
  );
}

/** Features of the proposal that did not build. */
export function failedFeatures(card: PreviewCard): PreviewCard["build"] {
  return card.build.filter((f) => f.status === "error");
}

/** "+1.2 %" style relative change; null when either side is missing. */
export function relativeChange(before: number | null, after: number | null): string | null {
  if (before === null || after === null) return null;
  if (before === 0) return after === 0 ? "±0 %" : null;
  const pct = ((after - before) / Math.abs(before)) * 100;
  const r = Math.round(pct * 10) / 10;
  if (r === 0) return pct === 0 ? "±0 %" : pct > 0 ? "+<0.1 %" : "−<0.1 %";
  return `${r > 0 ? "+" : "−"}${Math.abs(r)} %`;
}

/** A volume or area with its unit. */
export function formatMeasure(v: number | null, unit: "mm³" | "mm²"): string {
  if (v === null) return "no body";
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : 3;
  return `${v.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 })} ${unit}`;
}
