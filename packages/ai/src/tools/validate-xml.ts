import { z } from "zod";
import { ok } from "../envelope.ts";
import { readDocument, validateAgainst } from "../doc.ts";
import { defineTool } from "../tool.ts";

export const validateXmlTool = defineTool({
  name: "validate_xml",
  description: [
    "Check a whole proposed document (text form) without building it: XML, element and attribute names, values, ids, and that every reference names an earlier feature of the right kind. Call it before preview_change and fix every error it reports.",
    "Returns {valid, errors: [{code, message, featureId?, entityId?, attribute?, line?, column?}], warnings: [...]}. An invalid document is still ok: true, with valid: false.",
    'Example: {"xml":"<model version=\\"1\\" units=\\"mm\\" name=\\"Plate\\"><features>…</features></model>"} → {"valid":false,"errors":[{"code":"DANGLING_REF","message":"extrude e2 names sketch s9, which does not exist","featureId":"e2","attribute":"sketch"}],"warnings":[]}',
  ].join("\n"),
  schema: z.strictObject({
    xml: z
      .string()
      .describe("The whole document in text form, <model …><features>…</features></model>."),
  }),
  readOnly: true,
  run: async ({ xml }, { session }) => {
    const current = readDocument(session.document().text);
    const report = validateAgainst(xml, current.ok ? current.model : undefined);
    return ok({ valid: report.valid, errors: report.errors, warnings: report.warnings });
  },
});
