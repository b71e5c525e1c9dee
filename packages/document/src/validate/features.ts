/**
 * Element-level checks of the feature list: element types, attributes, D5.0 rules, sketch
 * entities (D4), ids (D2). Builds the table of features the reference pass (refs.ts) resolves
 * against.
 */
import { attrPos, problem } from "../problems.ts";
import type { RawElement } from "../raw.ts";
import { ENTITY_SPECS, FEATURE_SPECS, isEntityType, isFeatureType } from "../schema.ts";
import { ENTITY_TYPES, FEATURE_TYPES, type Problem } from "../types.ts";
import {
  isIdSyntax,
  parseBoolean,
  parseNumber,
  parsePoints,
  polylineSegmentCount,
} from "../values.ts";
import { checkAttributes, describe, show } from "./attributes.ts";

export interface EntityInfo {
  type: string;
  construction: boolean;
  /** Polyline segment count, when its points and `closed` are readable. */
  segments?: number;
  /** Polyline point count, when readable. */
  points?: number;
}

export interface FeatureInfo {
  id: string;
  type: string;
  index: number;
  el: RawElement;
  /** Sketch entities by id (first of duplicates). */
  entities: Map<string, EntityInfo>;
  /** True when the feature and its entities have no attribute-level errors (it can be typed). */
  typeable: boolean;
}

export interface FeatureTable {
  list: FeatureInfo[];
  /** First feature with each id. */
  byId: Map<string, FeatureInfo>;
}

export function checkFeatures(features: readonly RawElement[], out: Problem[]): FeatureTable {
  const list: FeatureInfo[] = [];
  const byId = new Map<string, FeatureInfo>();
  features.forEach((el, index) => {
    const before = out.length;
    const id = el.attrs.get("id") ?? "";
    const featureId = isIdSyntax(id) ? id : undefined;
    const info: FeatureInfo = {
      id,
      type: el.name,
      index,
      el,
      entities: new Map(),
      typeable: false,
    };
    if (!isFeatureType(el.name)) {
      out.push(
        problem(
          "UNKNOWN_ELEMENT",
          `<${el.name}> is not a feature type; use one of ${FEATURE_TYPES.join(", ")}.`,
          { featureId, pos: el.pos },
        ),
      );
      return;
    }
    out.push(...checkAttributes(el, FEATURE_SPECS[el.name], { featureId }));
    if (el.name === "extrude") checkExtrude(el, featureId, out);
    if (el.name === "sketch") checkEntities(el, featureId, info, out);
    else {
      for (const child of el.children) {
        out.push(
          problem(
            "UNKNOWN_ELEMENT",
            `${describe(el)} has no child elements; remove <${child.name}>.`,
            {
              featureId,
              pos: child.pos,
            },
          ),
        );
      }
    }
    if (el.attrs.has("id") && featureId !== undefined) {
      const first = byId.get(id);
      if (first) {
        out.push(
          problem(
            "DUPLICATE_ID",
            `Feature id "${id}" is already used by the ${first.type} at position ${first.index + 1}; feature ids must be unique, so rename one.`,
            { featureId, attribute: "id", pos: attrPos(el, "id") },
          ),
        );
      } else byId.set(id, info);
    }
    info.typeable = !out.slice(before).some((p) => p.severity === "error");
    list.push(info);
  });
  return { list, byId };
}

function checkExtrude(el: RawElement, featureId: string | undefined, out: Problem[]): void {
  const a = el.attrs;
  const at = (attribute: string) => ({ featureId, attribute, pos: attrPos(el, attribute) });
  const what = describe(el);
  if (!a.has("sketch") && !a.has("faces")) {
    out.push(
      problem(
        "MISSING_ATTRIBUTE",
        `${what} needs either "sketch" (a sketch id) or "faces" (planar face refs).`,
        {
          featureId,
          attribute: "sketch",
          pos: el.pos,
        },
      ),
    );
  } else if (a.has("sketch") && a.has("faces")) {
    out.push(
      problem(
        "BAD_VALUE",
        `${what} has both "sketch" and "faces"; keep exactly one of them.`,
        at("faces"),
      ),
    );
  }
  const extent = a.get("extent") ?? "blind";
  const direction = a.get("direction") ?? "normal";
  const op = a.get("op") ?? "add";
  if (extent === "blind") {
    if (!a.has("distance")) {
      out.push(
        problem(
          "MISSING_ATTRIBUTE",
          `${what} is a blind extrude and needs a "distance" greater than 0.`,
          {
            featureId,
            attribute: "distance",
            pos: el.pos,
          },
        ),
      );
    }
  } else if (a.has("distance") && (extent === "throughAll" || extent === "toFace")) {
    out.push(
      problem(
        "IGNORED_ATTRIBUTE",
        `${what}: distance is ignored with extent="${extent}"; remove it, or use extent="blind".`,
        at("distance"),
      ),
    );
  }
  if (extent === "throughAll" && op === "add") {
    out.push(
      problem(
        "BAD_VALUE",
        `${what}: extent="throughAll" cannot add material; use op="cut" or op="intersect", or a blind distance.`,
        at(a.has("op") ? "op" : "extent"),
      ),
    );
  }
  if (extent === "toFace" && direction === "symmetric") {
    out.push(
      problem(
        "BAD_VALUE",
        `${what}: extent="toFace" cannot be symmetric; use direction="normal" or "reverse".`,
        at("direction"),
      ),
    );
  }
  if (extent === "toFace" && !a.has("to")) {
    out.push(
      problem(
        "MISSING_ATTRIBUTE",
        `${what}: extent="toFace" needs "to", the face ref to extrude up to.`,
        {
          featureId,
          attribute: "to",
          pos: el.pos,
        },
      ),
    );
  } else if (extent !== "toFace" && a.has("to")) {
    out.push(
      problem(
        "IGNORED_ATTRIBUTE",
        `${what}: "to" is used only with extent="toFace"; remove it or set extent="toFace".`,
        at("to"),
      ),
    );
  }
}

function checkEntities(
  sketch: RawElement,
  featureId: string | undefined,
  info: FeatureInfo,
  out: Problem[],
): void {
  for (const el of sketch.children) {
    const id = el.attrs.get("id") ?? "";
    const entityId = isIdSyntax(id) ? id : undefined;
    if (!isEntityType(el.name)) {
      out.push(
        problem(
          "UNKNOWN_ELEMENT",
          `<${el.name}> is not a sketch entity; use one of ${ENTITY_TYPES.join(", ")}.`,
          { featureId, entityId, pos: el.pos },
        ),
      );
      continue;
    }
    out.push(...checkAttributes(el, ENTITY_SPECS[el.name], { featureId, entityId }));
    const entity: EntityInfo = {
      type: el.name,
      construction: el.attrs.get("construction") === "true",
    };
    const at = (attribute: string) => ({
      featureId,
      entityId,
      attribute,
      pos: attrPos(el, attribute),
    });
    if (el.name === "arc") {
      const start = parseNumber(el.attrs.get("start") ?? "");
      const end = parseNumber(el.attrs.get("end") ?? "");
      if (start !== undefined && end !== undefined && (((end - start) % 360) + 360) % 360 === 0) {
        out.push(
          problem(
            "BAD_VALUE",
            `${describe(el)}: start and end give a sweep of 0 (mod 360); a full turn is a <circle>, otherwise change "end".`,
            at("end"),
          ),
        );
      }
    }
    if (el.name === "polyline") {
      const pts = parsePoints(el.attrs.get("points") ?? "");
      const closed = parseBoolean(el.attrs.get("closed") ?? "false");
      if (pts.ok && el.attrs.has("points")) {
        const need = closed ? 3 : 2;
        if (pts.points.length < need) {
          out.push(
            problem(
              "BAD_VALUE",
              `${describe(el)} has ${pts.points.length} point${pts.points.length === 1 ? "" : "s"}; ${closed ? "a closed polyline needs at least 3" : "a polyline needs at least 2"}.`,
              at("points"),
            ),
          );
        }
        entity.points = pts.points.length;
        if (closed !== undefined) entity.segments = polylineSegmentCount(pts.points.length, closed);
      }
    }
    if (el.attrs.has("id") && entityId !== undefined) {
      if (info.entities.has(id)) {
        out.push(
          problem(
            "DUPLICATE_ID",
            `Entity id "${id}" is used twice in sketch ${show(featureId ?? "")}; entity ids must be unique within their sketch, so rename one.`,
            { featureId, entityId, attribute: "id", pos: attrPos(el, "id") },
          ),
        );
      } else info.entities.set(id, entity);
    }
  }
}
