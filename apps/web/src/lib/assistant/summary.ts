/**
 * One readable line (and a few detail lines) for a tool result, for the steps in the chat panel.
 * The full envelope stays available in the step's details.
 */
import type { ToolResult } from "@kerf/ai";

export interface ResultSummary {
  summary: string;
  details: string[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const num = (v: unknown): string =>
  typeof v === "number" ? String(Math.round(v * 1000) / 1000) : "?";
const plural = (n: number, one: string, many = one + "s"): string => `${n} ${n === 1 ? one : many}`;
const MAX_DETAILS = 8;

function listRefs(items: unknown[], line: (x: Rec) => string): string[] {
  const out = items.filter(isRec).slice(0, MAX_DETAILS).map(line);
  if (items.length > MAX_DETAILS) out.push(`… and ${items.length - MAX_DETAILS} more`);
  return out;
}

function faceLine(f: Rec): string {
  const bits = [String(f.surfaceType ?? "face")];
  if (typeof f.area === "number") bits.push(`${num(f.area)} mm²`);
  if (typeof f.radius === "number") bits.push(`r ${num(f.radius)}`);
  return `${String(f.ref)} · ${bits.join(", ")}`;
}

function edgeLine(e: Rec): string {
  const bits = [String(e.curveType ?? "edge")];
  if (typeof e.length === "number") bits.push(`${num(e.length)} mm`);
  if (typeof e.convexity === "string") bits.push(e.convexity);
  return `${String(e.ref)} · ${bits.join(", ")}`;
}

function problemLines(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return listRefs(list, (p) => {
    const where = typeof p.featureId === "string" ? ` (${p.featureId})` : "";
    const line = typeof p.line === "number" ? ` line ${p.line}` : "";
    return `${String(p.code)}${where}${line}: ${String(p.message)}`;
  });
}

/** The summary of one tool call's result. */
export function summarize(tool: string, result: ToolResult): ResultSummary {
  if (!result.ok) {
    const e = result.error;
    const details: string[] = [];
    if (Array.isArray(e.issues))
      details.push(
        ...e.issues
          .slice(0, MAX_DETAILS)
          .map((i) =>
            isRec(i) ? `${String(i.path ?? "")} ${String(i.message ?? "")}`.trim() : String(i),
          ),
      );
    if (Array.isArray(e.errors)) details.push(...problemLines(e.errors));
    if (Array.isArray(e.suggestions))
      details.push(`nearby: ${e.suggestions.slice(0, MAX_DETAILS).map(String).join(", ")}`);
    if (Array.isArray(e.validTools))
      details.push(`valid tools: ${e.validTools.map(String).join(", ")}`);
    return { summary: `${e.code}: ${e.message}`, details };
  }
  const d = result.data;
  if (!isRec(d)) return { summary: "done", details: [] };
  switch (tool) {
    case "get_current_selection": {
      const sel = Array.isArray(d.selection) ? d.selection : [];
      if (sel.length === 0) return { summary: "nothing is selected", details: [] };
      return {
        summary: plural(sel.length, "selected item"),
        details: listRefs(sel, (s) => `${String(s.ref)} · ${String(s.note ?? s.kind ?? "")}`),
      };
    }
    case "find_faces": {
      const faces = Array.isArray(d.faces) ? d.faces : [];
      const total = typeof d.total === "number" ? d.total : faces.length;
      return {
        summary: `${plural(total, "face")} found${total > faces.length ? ` (${faces.length} listed)` : ""}`,
        details: listRefs(faces, faceLine),
      };
    }
    case "find_edges": {
      const edges = Array.isArray(d.edges) ? d.edges : [];
      const total = typeof d.total === "number" ? d.total : edges.length;
      return {
        summary: `${plural(total, "edge")} found${total > edges.length ? ` (${edges.length} listed)` : ""}`,
        details: listRefs(edges, edgeLine),
      };
    }
    case "get_geometry": {
      if (typeof d.volume === "number")
        return {
          summary: `body: ${num(d.volume)} mm³, ${num(d.area)} mm², ${String(d.faceCount)} faces, ${String(d.edgeCount)} edges`,
          details: [],
        };
      if (typeof d.surfaceType === "string") {
        const pieces =
          Array.isArray(d.pieces) && d.pieces.length > 1 ? ` (${d.pieces.length} pieces)` : "";
        return { summary: `${faceLine(d)}${pieces}`, details: [] };
      }
      if (typeof d.curveType === "string") return { summary: edgeLine(d), details: [] };
      if (typeof d.type === "string")
        return {
          summary: `${d.type} ${String(d.id)}: ${String(d.status)}${Array.isArray(d.faces) ? `, ${plural(d.faces.length, "face")}` : ""}`,
          details: isRec(d.error) ? [`${String(d.error.code)}: ${String(d.error.message)}`] : [],
        };
      return { summary: "geometry", details: [] };
    }
    case "validate_xml": {
      const errors = Array.isArray(d.errors) ? d.errors : [];
      const warnings = Array.isArray(d.warnings) ? d.warnings : [];
      if (d.valid === true)
        return {
          summary: warnings.length ? `valid, ${plural(warnings.length, "warning")}` : "valid",
          details: problemLines(warnings),
        };
      return {
        summary: `invalid: ${plural(errors.length, "error")}`,
        details: [...problemLines(errors), ...problemLines(warnings)],
      };
    }
    case "preview_change": {
      if (d.valid === false || d.changeId === null) {
        const errors = Array.isArray(d.errors) ? d.errors : [];
        return {
          summary: `invalid proposal: ${plural(errors.filter((e) => isRec(e) && e.severity !== "warning").length, "error")}; nothing to apply`,
          details: problemLines(errors),
        };
      }
      const diff = isRec(d.diff) ? d.diff : {};
      const count = (k: string) => (Array.isArray(diff[k]) ? (diff[k] as unknown[]).length : 0);
      const parts = [
        count("added") ? `${count("added")} added` : "",
        count("removed") ? `${count("removed")} removed` : "",
        count("modified") ? `${count("modified")} changed` : "",
        count("moved") ? `${count("moved")} moved` : "",
      ].filter(Boolean);
      const build = isRec(d.build) && Array.isArray(d.build.features) ? d.build.features : [];
      const failed = build.filter((f) => isRec(f) && f.status === "error");
      return {
        summary: `preview ${String(d.changeId)}: ${parts.join(", ") || "no feature changes"}${failed.length ? `; ${plural(failed.length, "feature")} failed to build` : ""}`,
        details: failed
          .filter(isRec)
          .map(
            (f) =>
              `${String(f.id)}: ${isRec(f.error) ? `${String(f.error.code)} ${String(f.error.message)}` : "error"}`,
          ),
      };
    }
    default:
      return { summary: "done", details: [] };
  }
}

/** A tool's arguments as shown in a step: pretty JSON when they parse, else the raw text. */
export function prettyArgs(args: string): string {
  if (args.trim() === "") return "{}";
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}

/** "12 ms" / "1.4 s" */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "";
  if (ms < 1) return "<1 ms";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
