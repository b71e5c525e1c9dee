import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defaultTools } from "./tools/index.ts";
import { strictJsonSchema, strictSchemaProblems } from "./strict-schema.ts";
import { toOpenAITool } from "./tool.ts";
import { parseArguments } from "./runner/args.ts";
import { findFacesTool } from "./tools/find-faces.ts";

describe("T0 tool schemas", () => {
  it("[T1] offers exactly the six tools, in order", () => {
    expect(defaultTools.map((t) => t.name)).toEqual([
      "get_current_selection",
      "find_faces",
      "find_edges",
      "get_geometry",
      "validate_xml",
      "preview_change",
    ]);
  });

  for (const tool of defaultTools) {
    it(`[T0] ${tool.name}: JSON Schema valid in OpenAI strict mode`, () => {
      const schema = strictJsonSchema(tool.schema);
      expect(strictSchemaProblems(schema)).toEqual([]);
      expect(schema.additionalProperties).toBe(false);
      expect(schema.required).toEqual(Object.keys(schema.properties as object));
      expect(schema).not.toHaveProperty("$schema");
    });

    it(`[T0] ${tool.name}: toOpenAITool shape, description with an example, readOnly and timeout`, () => {
      const t = toOpenAITool(tool);
      expect(t).toEqual({
        type: "function",
        function: {
          name: tool.name,
          description: tool.description,
          parameters: strictJsonSchema(tool.schema),
          strict: true,
        },
      });
      expect(tool.description).toMatch(/Returns/);
      expect(tool.description).toMatch(/Example/);
      expect(tool.readOnly).toBe(tool.name !== "preview_change");
      expect(tool.timeoutMs).toBeGreaterThanOrEqual(30_000);
      expect(tool.enabled).toBe(true);
    });
  }

  it("[T0] {} is a valid call of find_faces; null means not given", () => {
    expect(parseArguments(findFacesTool, "{}")).toEqual({ ok: true, args: {} });
    const allNull =
      '{"surfaceType":null,"orientation":null,"featureId":null,"minArea":null,"maxArea":null,"limit":null}';
    expect(parseArguments(findFacesTool, allNull)).toEqual({ ok: true, args: {} });
    expect(parseArguments(findFacesTool, '{"limit":3,"surfaceType":"plane"}')).toEqual({
      ok: true,
      args: { limit: 3, surfaceType: "plane" },
    });
  });

  it("[T0] an optional property that is not nullable is a definition error", () => {
    expect(() => strictJsonSchema(z.strictObject({ a: z.string().optional() }))).toThrow(
      /not nullable/,
    );
  });

  it("[T0] reports what strict mode refuses", () => {
    expect(strictSchemaProblems({ type: "object", properties: { a: { type: "string" } } })).toEqual(
      ["#: additionalProperties must be false", "#/a: must be required"],
    );
    expect(
      strictSchemaProblems({
        type: "object",
        properties: {},
        required: [],
        additionalProperties: false,
        allOf: [],
      }),
    ).toEqual(['#: keyword "allOf" is not supported']);
  });
});
