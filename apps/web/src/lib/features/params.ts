/**
 * What the properties panel shows for each feature type: its parameters, their units and the
 * rules a value must meet (D2 number syntax, D5 ranges). Pure, so the rules are unit-tested.
 */
import type { Feature, FeatureType } from "@kerf/document";

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export type NumberRule = "positive" | "any" | "angle";

export type ParseNumber = { ok: true; value: number } | { ok: false; message: string };

/** Parse a typed number by D2 and check its range. */
export function parseNumber(text: string, rule: NumberRule): ParseNumber {
  const t = text.trim();
  if (t === "") return { ok: false, message: "Enter a number." };
  if (!NUMBER.test(t)) return { ok: false, message: `"${t}" is not a number (e.g. 10, 2.5, .5).` };
  const value = Number(t);
  if (!Number.isFinite(value)) return { ok: false, message: "The number is too large." };
  if (rule === "positive" && !(value > 0)) return { ok: false, message: "Must be greater than 0." };
  if (rule === "angle" && !(value > 0 && value <= 360)) {
    return { ok: false, message: "Must be more than 0° and at most 360°." };
  }
  return { ok: true, value };
}

/** Format a number for an input: no float noise, no exponent for ordinary sizes. */
export function formatNumber(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return "";
  const r = Math.round(n * 1e6) / 1e6;
  return String(Object.is(r, -0) ? 0 : r);
}

export type Param =
  | { kind: "number"; key: string; label: string; unit: "mm" | "°"; rule: NumberRule }
  | { kind: "enum"; key: string; label: string; options: { value: string; label: string }[] }
  | { kind: "sketch"; key: string; label: string }
  | { kind: "axis"; key: string; label: string }
  | { kind: "plane"; key: string; label: string }
  | { kind: "refs"; key: string; label: string; pick: "face" | "edge" | "edge-or-face" }
  | { kind: "ref"; key: string; label: string; pick: "face" };

const OP = {
  kind: "enum" as const,
  key: "op",
  label: "Operation",
  options: [
    { value: "add", label: "Add" },
    { value: "cut", label: "Cut" },
    { value: "intersect", label: "Intersect" },
  ],
};

/** Parameters of a feature, given its current values (extrude shows what its mode needs). */
export function paramsOf(f: Feature): Param[] {
  switch (f.type) {
    case "sketch":
      return [
        { kind: "plane", key: "plane", label: "Plane" },
        { kind: "number", key: "offset", label: "Offset", unit: "mm", rule: "any" },
      ];
    case "extrude":
      return [
        f.faces
          ? { kind: "refs", key: "faces", label: "Faces", pick: "face" }
          : { kind: "sketch", key: "sketch", label: "Sketch" },
        {
          kind: "enum",
          key: "extent",
          label: "Extent",
          options: [
            { value: "blind", label: "Distance" },
            { value: "throughAll", label: "Through all" },
            { value: "toFace", label: "Up to face" },
          ],
        },
        ...(f.extent === "blind"
          ? [
              {
                kind: "number",
                key: "distance",
                label: "Distance",
                unit: "mm",
                rule: "positive",
              } as const,
            ]
          : []),
        ...(f.extent === "toFace"
          ? [{ kind: "ref", key: "to", label: "Up to", pick: "face" } as const]
          : []),
        {
          kind: "enum",
          key: "direction",
          label: "Direction",
          options: [
            { value: "normal", label: "Normal" },
            { value: "reverse", label: "Reverse" },
            { value: "symmetric", label: "Symmetric" },
          ],
        },
        OP,
      ];
    case "revolve":
      return [
        { kind: "sketch", key: "sketch", label: "Sketch" },
        { kind: "axis", key: "axis", label: "Axis" },
        { kind: "number", key: "angle", label: "Angle", unit: "°", rule: "angle" },
        OP,
      ];
    case "fillet":
      return [
        { kind: "refs", key: "edges", label: "Edges", pick: "edge-or-face" },
        { kind: "number", key: "radius", label: "Radius", unit: "mm", rule: "positive" },
      ];
    case "chamfer":
      return [
        { kind: "refs", key: "edges", label: "Edges", pick: "edge-or-face" },
        { kind: "number", key: "distance", label: "Distance", unit: "mm", rule: "positive" },
      ];
    case "shell":
      return [
        { kind: "refs", key: "faces", label: "Faces to remove", pick: "face" },
        { kind: "number", key: "thickness", label: "Thickness", unit: "mm", rule: "positive" },
      ];
    default: {
      const never: never = f;
      throw new Error(`unknown feature ${JSON.stringify(never)}`);
    }
  }
}

export const FEATURE_LABELS: Record<FeatureType, string> = {
  sketch: "Sketch",
  extrude: "Extrude",
  revolve: "Revolve",
  fillet: "Fillet",
  chamfer: "Chamfer",
  shell: "Shell",
};

/** A feature's value for a parameter key (numbers and strings as stored). */
export function valueOf(f: Feature, key: string): unknown {
  return (f as unknown as Record<string, unknown>)[key];
}
