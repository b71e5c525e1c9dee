/**
 * JSON Schema for OpenAI strict mode (T0): every object has `additionalProperties: false` and
 * lists every property as required; a property that zod marks optional must accept `null`, which
 * is how strict mode spells "not given". Only the keywords strict mode supports may appear.
 */
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/** Keywords strict mode accepts (OpenAI Structured Outputs, supported schemas). */
const ALLOWED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "const",
  "description",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "$defs",
  "$ref",
]);

const cache = new WeakMap<z.ZodType, JsonSchema>();

/** The strict JSON Schema of a tool's zod schema (memoised). Throws on a schema bug. */
export function strictJsonSchema(schema: z.ZodType): JsonSchema {
  const hit = cache.get(schema);
  if (hit) return hit;
  const json = z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as JsonSchema;
  delete json.$schema;
  makeStrict(json, "");
  const problems = strictSchemaProblems(json);
  if (problems.length > 0) throw new Error(`not a strict-mode schema: ${problems.join("; ")}`);
  cache.set(schema, json);
  return json;
}

function acceptsNull(s: JsonSchema): boolean {
  if (s.type === "null") return true;
  if (Array.isArray(s.type) && s.type.includes("null")) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some((b) => acceptsNull(b as JsonSchema));
}

function makeStrict(s: JsonSchema, path: string): void {
  delete s.default;
  if (s.type === "object" && s.properties && typeof s.properties === "object") {
    const props = s.properties as Record<string, JsonSchema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [key, prop] of Object.entries(props)) {
      if (!required.has(key) && !acceptsNull(prop)) {
        throw new Error(`${path}/${key} is optional but not nullable; use .nullable().optional()`);
      }
      makeStrict(prop, `${path}/${key}`);
    }
    s.required = Object.keys(props);
    s.additionalProperties = false;
  }
  if (s.items && typeof s.items === "object") makeStrict(s.items as JsonSchema, `${path}[]`);
  if (Array.isArray(s.anyOf))
    s.anyOf.forEach((b, i) => makeStrict(b as JsonSchema, `${path}|${i}`));
}

/** Everything that would make OpenAI refuse `schema` in strict mode (empty when fine). */
export function strictSchemaProblems(schema: JsonSchema, path = "#"): string[] {
  const out: string[] = [];
  for (const key of Object.keys(schema)) {
    if (!ALLOWED.has(key)) out.push(`${path}: keyword "${key}" is not supported`);
  }
  if (path === "#" && schema.type !== "object") out.push(`#: the root must be an object`);
  if (schema.type === "object") {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    if (schema.additionalProperties !== false) {
      out.push(`${path}: additionalProperties must be false`);
    }
    const required = (schema.required as string[] | undefined) ?? [];
    for (const key of Object.keys(props)) {
      if (!required.includes(key)) out.push(`${path}/${key}: must be required`);
      out.push(...strictSchemaProblems(props[key]!, `${path}/${key}`));
    }
  }
  if (schema.items && typeof schema.items === "object") {
    out.push(...strictSchemaProblems(schema.items as JsonSchema, `${path}[]`));
  }
  if (Array.isArray(schema.anyOf)) {
    schema.anyOf.forEach((b, i) =>
      out.push(...strictSchemaProblems(b as JsonSchema, `${path}|${i}`)),
    );
  }
  return out;
}
