import { describe, expect, it } from "vitest";
import { example, useKernel } from "../../test/kernel.ts";
import { ToolRunner } from "../runner/runner.ts";
import { defaultTools } from "./index.ts";

const k = useKernel();

type Report = { valid: boolean; errors: { code: string }[]; warnings: { code: string }[] };

async function validateXml(current: string, xml: string) {
  const runner = new ToolRunner(k.session(current), defaultTools);
  const outcome = await runner.run(
    { name: "validate_xml", arguments: JSON.stringify({ xml }) },
    new AbortController().signal,
  );
  return outcome.result as { ok: true; data: Report } | { ok: false };
}

const BRACKET = example("bracket");

describe("validate_xml", () => {
  it("[T1] a valid document: valid, no errors", async () => {
    expect(await validateXml("bracket", BRACKET)).toEqual({
      ok: true,
      data: { valid: true, errors: [], warnings: [] },
    });
  });

  it("[T1][D6] an invalid document is still ok: true, with every problem listed", async () => {
    const bad = BRACKET.replace('distance="30"', 'distance="+30"').replace(
      'sketch="s2"',
      'sketch="s9"',
    );
    const r = await validateXml("bracket", bad);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.valid).toBe(false);
    expect(r.data.errors.map((e) => e.code)).toEqual(["BAD_VALUE", "DANGLING_REF"]);
    expect(r.data.errors[0]).toMatchObject({ featureId: "e1", attribute: "distance" });
    const broken = await validateXml("bracket", "<model version='1'><features>");
    expect(broken.ok && broken.data.errors[0]!.code).toBe("XML_PARSE");
  });

  it("[D4.1.1] warns POLYLINE_RENUMBERED against the current document", async () => {
    // One more point in p1 renumbers its later segments, and s2 sits on face:e1:side:p1.2.
    const renumbered = BRACKET.replace('points="0,0 60,0', 'points="0,0 30,0 60,0');
    const r = await validateXml("bracket", renumbered);
    expect(r.ok && r.data.warnings.map((w) => w.code)).toContain("POLYLINE_RENUMBERED");
  });

  it("[T1] validate_xml answers without building anything", async () => {
    const session = k.session("bracket");
    let builds = 0;
    const counted = { ...session, currentBuild: () => (builds++, session.currentBuild()) };
    const runner = new ToolRunner(counted, defaultTools);
    const r = await runner.run(
      { name: "validate_xml", arguments: JSON.stringify({ xml: BRACKET }) },
      new AbortController().signal,
    );
    expect(r.result.ok).toBe(true);
    expect(builds).toBe(0);
  });
});
