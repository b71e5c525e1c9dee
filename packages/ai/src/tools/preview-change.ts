import { z } from "zod";
import { createPreview } from "../preview/create.ts";
import { defineTool } from "../tool.ts";

export const previewChangeTool = defineTool({
  name: "preview_change",
  description: [
    "Propose a change: give the WHOLE proposed document and a one-line summary. It is validated and built in a sandbox and shown to the user as a preview; nothing changes until the user clicks Apply. Validate it with validate_xml first. This is the only way to change the model.",
    'Returns {changeId, baseRevision, valid, errors, diff: {added, removed, modified, moved} (feature ids), build: {features: [{id, status, error?}]}, body: {before, after} (volume, area, bbox, …), status: "awaiting_user"}. If a feature failed to build, fix it and propose again. Tell the user the changeId; never say the change was applied.',
    'Example: {"xml":"<model …><features>… <fillet id=\\"f1\\" edges=\\"edge:e1:side:r1.top|e1:top\\" radius=\\"2\\"/></features></model>","summary":"Round the top front edge with a 2 mm fillet"} → {"changeId":"c1","valid":true,"diff":{"added":["f1"],…},"status":"awaiting_user",…}',
  ].join("\n"),
  schema: z.strictObject({
    xml: z
      .string()
      .describe("The whole proposed document in text form (every feature, not a fragment)."),
    summary: z.string().describe("One line for the user saying what the change does."),
  }),
  readOnly: false,
  timeoutMs: 60_000,
  run: ({ xml, summary }, { session, signal }) => createPreview(session, xml, summary, { signal }),
});
