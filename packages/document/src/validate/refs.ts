/**
 * Reference checks (D6 BAD_REF, DANGLING_REF, FORWARD_REF, WRONG_REF_KIND and the warnings
 * UNSORTED_EDGE_REF, FRAGILE_REF), statically: the named feature exists and comes earlier, its type
 * makes that role (references.md R2), the segment exists in its sketch for that entity type.
 * Geometry is left to the build.
 */
import { attrPos, problem } from "../problems.ts";
import {
  faceNamesOf,
  formatRef,
  hasUnsortedEdgeName,
  isFragileName,
  parseRef,
  type FaceName,
} from "../refs.ts";
import { RECT_SIDES } from "../schema.ts";
import type { Problem } from "../types.ts";
import { isIdSyntax, parseNumber, splitList } from "../values.ts";
import { describe, show } from "./attributes.ts";
import type { FeatureInfo, FeatureTable } from "./features.ts";

/** Deeper bracket nesting than this is refused before parsing (keeps parsing linear and shallow). */
export const MAX_REF_DEPTH = 16;

type Mode = "plane" | "face" | "faces" | "edges";
const REF_ATTRS: Record<string, Partial<Record<string, Mode>>> = {
  sketch: { plane: "plane" },
  extrude: { faces: "faces", to: "face" },
  fillet: { edges: "edges" },
  chamfer: { edges: "edges" },
  shell: { faces: "faces" },
};

export function checkReferences(table: FeatureTable, out: Problem[]): void {
  for (const f of table.list) {
    const attrs = REF_ATTRS[f.type] ?? {};
    for (const [attr, mode] of Object.entries(attrs)) {
      const value = f.el.attrs.get(attr);
      if (value !== undefined && mode) checkRefAttribute(table, f, attr, value, mode, out);
    }
    if (f.type === "extrude" || f.type === "revolve") checkSketchAttr(table, f, out);
  }
}

function place(f: FeatureInfo, attribute: string) {
  return {
    featureId: isIdSyntax(f.id) ? f.id : undefined,
    attribute,
    pos: attrPos(f.el, attribute),
  };
}

function checkSketchAttr(table: FeatureTable, f: FeatureInfo, out: Problem[]): void {
  const sketchId = f.el.attrs.get("sketch");
  if (sketchId === undefined) return;
  const target = table.byId.get(sketchId);
  const what = describe(f.el);
  if (!target) {
    if (isIdSyntax(sketchId)) {
      out.push(
        problem(
          "DANGLING_REF",
          `${what}: sketch "${sketchId}" does not exist; name an earlier <sketch>.`,
          place(f, "sketch"),
        ),
      );
    }
    return;
  }
  if (target.index >= f.index) {
    out.push(forward(f, sketchId, target, "sketch"));
    return;
  }
  if (target.type !== "sketch") {
    out.push(
      problem(
        "WRONG_REF_KIND",
        `${what}: sketch="${sketchId}" names a ${target.type}, not a sketch; name a <sketch>.`,
        place(f, "sketch"),
      ),
    );
    return;
  }
  if (f.type !== "revolve") return;
  const axis = f.el.attrs.get("axis");
  if (axis === undefined || axis === "x" || axis === "y" || !isIdSyntax(axis)) return;
  const entity = target.entities.get(axis);
  if (!entity) {
    out.push(
      problem(
        "DANGLING_REF",
        `${what}: axis "${axis}" is not an entity of sketch "${sketchId}"; use "x", "y" or the id of a line in it.`,
        place(f, "axis"),
      ),
    );
  } else if (entity.type !== "line") {
    out.push(
      problem(
        "WRONG_REF_KIND",
        `${what}: axis "${axis}" is a ${entity.type}; an axis is "x", "y" or a <line>.`,
        place(f, "axis"),
      ),
    );
  }
}

function forward(f: FeatureInfo, id: string, target: FeatureInfo, attribute: string): Problem {
  const message =
    target.index === f.index
      ? `${describe(f.el)} refers to itself in "${attribute}"; a feature may reference only features before it.`
      : `${describe(f.el)}: "${id}" comes after it in the feature list; a feature may reference only earlier features (D5.3), so move one of them or name an earlier feature.`;
  return problem("FORWARD_REF", message, place(f, attribute));
}

/** Largest bracket depth in `s` (unbalanced brackets are the parser's to report). */
export function bracketDepth(s: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 91) max = Math.max(max, ++depth);
    else if (c === 93) depth--;
  }
  return max;
}

function checkRefAttribute(
  table: FeatureTable,
  f: FeatureInfo,
  attr: string,
  value: string,
  mode: Mode,
  out: Problem[],
): void {
  const what = describe(f.el);
  if (mode === "plane" && (value === "XY" || value === "XZ" || value === "YZ")) return;
  if (mode === "plane" && !value.startsWith("face:") && !value.startsWith("edge:")) {
    out.push(
      problem(
        "BAD_VALUE",
        `${what}: plane=${show(value)} must be XY, XZ, YZ or a face ref such as "face:e1:top".`,
        place(f, attr),
      ),
    );
    return;
  }
  const tokens = mode === "plane" || mode === "face" ? [value] : splitList(value);
  if (tokens.length === 0) {
    out.push(
      problem(
        "BAD_VALUE",
        `${what}: "${attr}" is empty; give at least one ${mode === "edges" ? "edge or face" : "face"} reference.`,
        place(f, attr),
      ),
    );
    return;
  }
  for (const token of tokens) {
    if (bracketDepth(token) > MAX_REF_DEPTH) {
      out.push(
        problem(
          "BAD_REF",
          `${what}: reference ${show(token)} nests brackets too deeply to be a real name.`,
          place(f, attr),
        ),
      );
      continue;
    }
    const parsed = parseRef(token);
    if (!parsed.ok) {
      const single = mode === "face" || mode === "plane";
      const hint = single && /\s/.test(token.trim()) ? ` "${attr}" takes one reference.` : "";
      out.push(
        problem(
          "BAD_REF",
          `${what}: ${show(token)} is not a reference: ${parsed.message}.${hint} References look like face:e1:top or edge:e1:side:r1.top|e1:top.`,
          place(f, attr),
        ),
      );
      continue;
    }
    const ref = parsed.value;
    if (ref.kind === "edge" && mode !== "edges") {
      out.push(
        problem(
          "WRONG_REF_KIND",
          `${what}: ${show(token)} is an edge reference, but "${attr}" takes face references (face:...).`,
          place(f, attr),
        ),
      );
    }
    if (isFragileName(token)) {
      out.push(
        problem(
          "FRAGILE_REF",
          `${what}: ${show(token)} uses @k, #k or new:, which can point elsewhere after an edit; prefer a name without them if one exists.`,
          place(f, attr),
        ),
      );
    }
    if (hasUnsortedEdgeName(ref)) {
      out.push(
        problem(
          "UNSORTED_EDGE_REF",
          `${what}: in ${show(token)} the two faces of an edge are not in code-unit order; it is read as ${show(formatRef(ref))}, write it that way.`,
          place(f, attr),
        ),
      );
    }
    for (const face of faceNamesOf(ref)) checkFaceName(table, f, attr, token, face, out);
  }
}

function checkFaceName(
  table: FeatureTable,
  f: FeatureInfo,
  attr: string,
  token: string,
  face: FaceName,
  out: Problem[],
): void {
  const what = `${describe(f.el)}: in ${show(token)},`;
  const dangling = (why: string): void => {
    out.push(problem("DANGLING_REF", `${what} ${why}`, place(f, attr)));
  };
  const target = table.byId.get(face.feature);
  if (!target) {
    dangling(`feature "${face.feature}" does not exist; name an existing feature.`);
    return;
  }
  if (target.index >= f.index) {
    out.push(forward(f, face.feature, target, attr));
    return;
  }
  const t = target.type;
  const role = face.role;
  const name = `${t} "${face.feature}"`;
  switch (role.kind) {
    case "top":
    case "bottom":
      if (t !== "extrude")
        dangling(`${name} has no ${role.kind} face; only an extrude has top and bottom.`);
      return;
    case "start":
    case "end": {
      if (t !== "revolve") {
        dangling(
          `${name} has no ${role.kind} face; only a revolve of less than 360° has start and end.`,
        );
        return;
      }
      const angle = parseNumber(target.el.attrs.get("angle") ?? "360");
      if (angle !== undefined && angle >= 360) {
        dangling(`revolve "${face.feature}" turns a full 360°, so it has no ${role.kind} face.`);
      }
      return;
    }
    case "sideEdge":
      if (t !== "extrude" || !target.el.attrs.has("faces")) {
        dangling(
          `${name} has no side[...] faces; only an extrude of faces has them (use side:<segment> for a sketch).`,
        );
      }
      return;
    case "side":
      checkSide(table, target, role.segment, dangling);
      return;
    case "blend":
    case "corner":
      if (t !== "fillet" && t !== "chamfer")
        dangling(`${name} has no ${role.kind}[...] faces; only a fillet or chamfer does.`);
      return;
    case "inner":
      if (t !== "shell") dangling(`${name} has no inner[...] faces; only a shell does.`);
      return;
    case "new":
      return;
    default: {
      const never: never = role;
      throw new Error(`unknown role ${JSON.stringify(never)}`);
    }
  }
}

function checkSide(
  table: FeatureTable,
  target: FeatureInfo,
  segment: string,
  dangling: (why: string) => void,
): void {
  const name = `${target.type} "${target.id}"`;
  if (target.type !== "revolve" && !(target.type === "extrude" && target.el.attrs.has("sketch"))) {
    dangling(
      target.type === "extrude"
        ? `${name} extrudes faces, so its sides are side[<edge>], not side:<segment>.`
        : `${name} has no side:<segment> faces; only an extrude or revolve of a sketch does.`,
    );
    return;
  }
  const sketch = table.byId.get(target.el.attrs.get("sketch") ?? "");
  if (!sketch || sketch.type !== "sketch" || sketch.index >= target.index) return; // reported on the target
  const dot = segment.indexOf(".");
  const entityId = dot < 0 ? segment : segment.slice(0, dot);
  const part = dot < 0 ? undefined : segment.slice(dot + 1);
  const entity = sketch.entities.get(entityId);
  if (!entity) {
    dangling(`sketch "${sketch.id}" (used by ${name}) has no entity "${entityId}".`);
    return;
  }
  if (entity.construction) {
    dangling(`"${entityId}" is construction geometry, which makes no face.`);
    return;
  }
  if (target.type === "revolve" && target.el.attrs.get("axis") === entityId) {
    dangling(`"${entityId}" is the axis of revolve "${target.id}", which makes no face.`);
    return;
  }
  switch (entity.type) {
    case "rect":
      if (part === undefined || !(RECT_SIDES as readonly string[]).includes(part)) {
        dangling(
          `rect "${entityId}" has segments ${RECT_SIDES.map((s) => `${entityId}.${s}`).join(", ")}.`,
        );
      }
      return;
    case "polyline": {
      if (entity.segments === undefined || entity.segments === 0) return; // its points are reported
      const k = part !== undefined && /^(0|[1-9][0-9]*)$/.test(part) ? Number(part) : -1;
      if (k < 0 || k >= entity.segments) {
        dangling(
          `polyline "${entityId}" has segments ${entityId}.0 to ${entityId}.${entity.segments - 1} (segment k runs from point k to k+1).`,
        );
      }
      return;
    }
    case "line":
    case "arc":
    case "circle":
      if (part !== undefined)
        dangling(`${entity.type} "${entityId}" is one segment, named just "${entityId}".`);
      return;
    default:
      return;
  }
}
