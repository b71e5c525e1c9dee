/**
 * Attribute-level checks of one element against its spec (schema.ts): unknown and missing
 * attributes, ids, booleans, enumerations, numbers and their ranges, points. References get
 * their own pass (refs.ts) because they need the whole feature list.
 */
import { attrPos, problem } from "../problems.ts";
import type { RawElement } from "../raw.ts";
import type { AttrSpec } from "../schema.ts";
import type { Problem } from "../types.ts";
import { RESERVED_ID, isIdSyntax, parseBoolean, parseNumber, parsePoints } from "../values.ts";

export interface Place {
  featureId?: string | undefined;
  entityId?: string | undefined;
}

/** `"10"` → `"10"`, long or odd values shortened and quoted for messages. */
export function show(value: string): string {
  const v = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(v);
}

export function describe(el: RawElement): string {
  const id = el.attrs.get("id");
  return id !== undefined && isIdSyntax(id) ? `<${el.name}> "${id}"` : `<${el.name}>`;
}

/** Checks every attribute of `el`; returns the problems. */
export function checkAttributes(
  el: RawElement,
  specs: readonly AttrSpec[],
  place: Place,
): Problem[] {
  const out: Problem[] = [];
  const at = (attribute: string) => ({ ...place, attribute, pos: attrPos(el, attribute) });
  const names = specs.map((s) => s.name);
  for (const name of el.attrs.keys()) {
    if (!names.includes(name)) {
      out.push(
        problem(
          "UNKNOWN_ATTRIBUTE",
          `${describe(el)} has no attribute "${name}"; remove it. <${el.name}> takes: ${names.join(", ")}.`,
          at(name),
        ),
      );
    }
  }
  for (const spec of specs) {
    const value = el.attrs.get(spec.name);
    if (value === undefined) {
      if (spec.required) {
        out.push(
          problem(
            "MISSING_ATTRIBUTE",
            `${describe(el)} needs a "${spec.name}" attribute; add it.`,
            {
              ...place,
              attribute: spec.name,
              pos: el.pos,
            },
          ),
        );
      }
      continue;
    }
    const complaint = checkValue(spec, value);
    if (complaint)
      out.push(problem(complaint.code, `${describe(el)}: ${complaint.message}`, at(spec.name)));
  }
  return out;
}

type Complaint = { code: "BAD_VALUE" | "BAD_ID" | "BAD_REF"; message: string };

function checkValue(spec: AttrSpec, value: string): Complaint | undefined {
  const name = spec.name;
  const type = spec.type;
  switch (type.kind) {
    case "id":
      if (value === RESERVED_ID) {
        return {
          code: "BAD_ID",
          message: `"${RESERVED_ID}" is reserved for the whole body; choose another id.`,
        };
      }
      if (!isIdSyntax(value)) {
        return {
          code: "BAD_ID",
          message: `id ${show(value)} is not valid: use a letter or "_" first, then letters, digits, "_" or "-".`,
        };
      }
      return undefined;
    case "text":
      return undefined;
    case "boolean":
      return parseBoolean(value) === undefined
        ? { code: "BAD_VALUE", message: `${name}=${show(value)} must be "true" or "false".` }
        : undefined;
    case "enum":
      return type.values.includes(value)
        ? undefined
        : {
            code: "BAD_VALUE",
            message: `${name}=${show(value)} must be one of ${type.values.map((v) => `"${v}"`).join(", ")}.`,
          };
    case "number": {
      const n = parseNumber(value);
      if (n === undefined) {
        return {
          code: "BAD_VALUE",
          message: `${name}=${show(value)} is not a number; write a plain decimal such as 10, -2.5, .5 or 1e-3 (no "+", spaces or hex).`,
        };
      }
      const range = type.check?.(n);
      return range ? { code: "BAD_VALUE", message: `${name}=${show(value)} ${range}.` } : undefined;
    }
    case "sketchId":
      return isIdSyntax(value)
        ? undefined
        : {
            code: "BAD_REF",
            message: `${name}=${show(value)} must be the id of a sketch feature, such as "s1".`,
          };
    case "axis":
      return value === "x" || value === "y" || isIdSyntax(value)
        ? undefined
        : {
            code: "BAD_VALUE",
            message: `axis=${show(value)} must be "x", "y" or the id of a line in the sketch.`,
          };
    case "points": {
      const r = parsePoints(value);
      return r.ok
        ? undefined
        : {
            code: "BAD_VALUE",
            message: `points has ${show(r.bad)}, which is not "x,y" with two plain numbers; write points as "x,y x,y ...".`,
          };
    }
    case "plane":
    case "faceRef":
    case "faceRefs":
    case "edgeRefs":
      return undefined; // refs.ts
    default: {
      const never: never = type;
      throw new Error(`unknown attribute kind ${JSON.stringify(never)}`);
    }
  }
}
