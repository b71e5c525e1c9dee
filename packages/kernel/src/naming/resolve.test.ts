/**
 * Resolution (references.md R3): sets, pieces, typed errors with actionable messages, and
 * resolution against the body just before the consuming feature (R3.4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelBuilder } from "../builder.ts";
import { looseDoc, nameProblems } from "../build/testing.ts";
import { loadOC, type OC } from "../oc/load.ts";
import type { BuiltModel } from "./named-body.ts";
import { resolveRef } from "./resolve.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());

const box = `<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="20" height="20"/></sketch>
  <extrude id="e1" sketch="s1" distance="10"/>`;

function build(features: string): BuiltModel {
  const m = builder.build(looseDoc(features));
  if (m.body) expect(nameProblems(oc, m.body)).toEqual([]);
  return m;
}
const status = (m: BuiltModel, id: string) => m.features.find((f) => f.id === id)!;

describe("typed reference errors (R3.3)", () => {
  it("[R3.3][R4] a split segment → REF_NOT_FOUND with the nearest names", () => {
    const m = build(`<sketch id="s1" plane="XY">
        <line id="l1a" x1="0" y1="0" x2="10" y2="-1"/>
        <line id="l1b" x1="10" y1="-1" x2="20" y2="0"/>
        <polyline id="p1" points="20,0 20,20 0,20 0,0"/>
      </sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <fillet id="f1" edges="edge:e1:side:l1|e1:top" radius="1"/>`);
    const f1 = status(m, "f1");
    expect(f1.status).toBe("error");
    expect(f1.error!.code).toBe("REF_NOT_FOUND");
    const r = resolveRef(m.body!, "face:e1:side:l1", "faces");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("REF_NOT_FOUND");
      expect(r.error.suggestions!.slice(0, 2).sort()).toEqual([
        "face:e1:side:l1a",
        "face:e1:side:l1b",
      ]);
      expect(r.error.message).toContain("face:e1:side:l1a");
    }
  });

  it("[R3.3][R4] a filleted edge → REF_CONSUMED naming its replacement and the fillet", () => {
    const m = build(`${box}
      <fillet id="f1" edges="edge:e1:side:r1.right|e1:top" radius="2"/>
      <chamfer id="k1" edges="edge:e1:side:r1.right|e1:top" distance="1"/>`);
    expect(status(m, "f1").status).toBe("ok");
    const k1 = status(m, "k1");
    expect(k1.status).toBe("error");
    expect(k1.error!.code).toBe("REF_CONSUMED");
    expect(k1.error!.message).toBe(
      "edges: edge:e1:side:r1.right|e1:top was replaced by face:f1:blend[e1:side:r1.right|e1:top] (fillet f1)",
    );
    expect(m.retired["e1:side:r1.right|e1:top"]).toEqual({
      code: "REF_CONSUMED",
      byFeature: "f1",
      replacedBy: ["face:f1:blend[e1:side:r1.right|e1:top]"],
    });
  });

  it("[R3.3] a face a cut removes entirely → REF_DELETED naming the cut", () => {
    const m = build(`${box}
      <sketch id="s2" plane="face:e1:top"><circle id="c1" cx="10" cy="10" r="3"/></sketch>
      <extrude id="e2" sketch="s2" distance="5"/>
      <sketch id="s3" plane="XY" offset="10"><rect id="r3" x="-5" y="-5" width="30" height="30"/></sketch>
      <extrude id="e3" sketch="s3" distance="20" op="cut"/>
      <fillet id="f1" edges="edge:e2:side:c1|e2:top" radius="1"/>`);
    expect(status(m, "e3").status).toBe("ok");
    const f1 = status(m, "f1");
    expect(f1.error!.code).toBe("REF_DELETED");
    expect(f1.error!.message).toContain("extrude e3");
    const r = resolveRef(m.body!, "face:e2:side:c1", "faces");
    expect(!r.ok && r.error.code).toBe("REF_DELETED");
  });

  it("[R3.3][R3.2] several faces on different planes where one plane is needed → REF_AMBIGUOUS with @k", () => {
    const m = build(`${box}
      <extrude id="e2" faces="face:e1:side:r1.left face:e1:side:r1.right" distance="2"/>
      <sketch id="s3" plane="face:e2:top"><circle id="c1" cx="0" cy="5" r="1"/></sketch>`);
    const s3 = status(m, "s3");
    expect(s3.error!.code).toBe("REF_AMBIGUOUS");
    expect(s3.error!.suggestions).toEqual(["face:e2:top@1", "face:e2:top@2"]);
  });

  it("[R3.2] coplanar pieces count as one plane", () => {
    const m = build(`${box}
      <sketch id="s2" plane="XY"><rect id="r2" x="8" y="-1" width="4" height="22"/></sketch>
      <extrude id="e2" sketch="s2" distance="30" direction="symmetric" op="cut"/>
      <sketch id="s3" plane="face:e1:top"><circle id="c1" cx="4" cy="10" r="1"/></sketch>
      <extrude id="e3" sketch="s3" distance="3"/>`);
    expect(m.body!.solids).toBe(2);
    expect(m.features.every((f) => f.status === "ok")).toBe(true);
  });

  it("[R3.3][D5.4] refs into a suppressed feature → REF_SUPPRESSED; into a failed one → REF_FAILED; later features still build", () => {
    const m = build(`${box}
      <sketch id="s2" plane="face:e1:top"><circle id="c1" cx="10" cy="10" r="3"/></sketch>
      <extrude id="e2" sketch="s2" distance="5" suppressed="true"/>
      <fillet id="f1" edges="edge:e2:side:c1|e2:top" radius="1"/>
      <sketch id="s3" plane="face:e1:top"><line id="l1" x1="0" y1="0" x2="5" y2="5"/></sketch>
      <extrude id="e3" sketch="s3" distance="5"/>
      <sketch id="s4" plane="face:e3:top"><circle id="c2" cx="0" cy="0" r="1"/></sketch>
      <extrude id="e4" sketch="s3" distance="5"/>
      <fillet id="f2" edges="edge:e1:side:r1.left|e1:top" radius="1"/>`);
    expect(status(m, "e2").status).toBe("suppressed");
    expect(status(m, "f1").error!.code).toBe("REF_SUPPRESSED");
    expect(status(m, "f1").error!.message).toContain("e2");
    expect(status(m, "e3").error!.code).toBe("NO_CLOSED_PROFILE");
    expect(status(m, "s4").error!.code).toBe("REF_FAILED");
    expect(status(m, "s4").error!.message).toContain("extrude e3");
    expect(status(m, "f2").status).toBe("ok");
    // The final body still answers REF_FAILED for e3's faces (statuses of the whole build).
    const r = resolveRef(m.body!, "face:e3:top", "faces");
    expect(!r.ok && r.error.code).toBe("REF_FAILED");
  });

  it("[D6] a sketch on a curved face → NOT_PLANAR", () => {
    const m = build(`<sketch id="s1" plane="XY"><circle id="c1" cx="0" cy="0" r="5"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>
      <sketch id="s2" plane="face:e1:side:c1"><circle id="c2" cx="0" cy="0" r="1"/></sketch>`);
    expect(status(m, "s2").error!.code).toBe("NOT_PLANAR");
  });
});

describe("resolution sets (R3.1, D5.0.1)", () => {
  it("[D5.0.1] a face ref in edges: its edges without seams", () => {
    const m = build(`<sketch id="s1" plane="XY"><circle id="c1" cx="0" cy="0" r="5"/></sketch>
      <extrude id="e1" sketch="s1" distance="10"/>`);
    const r = resolveRef(m.body!, "face:e1:side:c1", "edges");
    expect(r.ok && r.value.edges.map((e) => e.name).sort()).toEqual([
      "e1:bottom|e1:side:c1",
      "e1:side:c1|e1:top",
    ]);
  });

  it("[D5.0.1] a face ref in edges skips smooth (tangent) edges", () => {
    const m = build(`${box}<fillet id="f1" edges="edge:e1:side:r1.right|e1:top" radius="2"/>`);
    const r = resolveRef(m.body!, "face:e1:top", "edges");
    expect(r.ok && r.value.edges.map((e) => e.name).sort()).toEqual([
      "e1:side:r1.bottom|e1:top",
      "e1:side:r1.left|e1:top",
      "e1:side:r1.top|e1:top",
    ]);
  });

  it("[R2.3][R3.1] several edges between the same two faces: #k by midpoint; the base name resolves to all", () => {
    const m = build(`${box}
      <sketch id="s2" plane="XY" offset="10"><rect id="r2" x="8" y="-1" width="4" height="6"/></sketch>
      <extrude id="e2" sketch="s2" distance="3" direction="reverse" op="cut"/>`);
    const names = m.body!.edges.map((e) => e.name);
    expect(names).toContain("e1:side:r1.bottom|e1:top#1");
    expect(names).toContain("e1:side:r1.bottom|e1:top#2");
    const e1 = m.body!.edges.find((e) => e.name === "e1:side:r1.bottom|e1:top#1")!;
    expect(e1.fragile).toBe(true);
    const all = resolveRef(m.body!, "edge:e1:side:r1.bottom|e1:top", "edges");
    expect(all.ok && all.value.edges.length).toBe(2);
    // Unsorted refs are accepted and normalised (D6 UNSORTED_EDGE_REF).
    const unsorted = resolveRef(m.body!, "edge:e1:top|e1:side:r1.bottom#2", "edges");
    expect(unsorted.ok && unsorted.value.edges[0]!.name).toBe("e1:side:r1.bottom|e1:top#2");
  });

  it("[R3.4] a ref resolves against the body before its feature, not the final one", () => {
    const m = build(`${box}
      <fillet id="f1" edges="edge:e1:side:r1.right|e1:top" radius="2"/>
      <sketch id="s2" plane="XY"><rect id="r2" x="15" y="-1" width="10" height="22"/></sketch>
      <extrude id="e2" sketch="s2" distance="30" direction="symmetric" op="cut"/>`);
    expect(m.features.every((f) => f.status === "ok")).toBe(true);
    // f1's blend was cut away afterwards: gone from the final body, yet f1 built.
    const r = resolveRef(m.body!, "face:f1:blend[e1:side:r1.right|e1:top]", "faces");
    expect(!r.ok && r.error.code).toBe("REF_DELETED");
  });

  it("[R1] a ref that does not parse → REF_NOT_FOUND with the parser's words", () => {
    const m = build(box);
    const r = resolveRef(m.body!, "face:e1:sideways", "faces");
    expect(!r.ok && r.error.code).toBe("REF_NOT_FOUND");
    const missing = resolveRef(m.body!, "face:e9:top", "faces");
    expect(!missing.ok && missing.error.message).toContain("e9");
  });
});
