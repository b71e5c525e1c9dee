/**
 * shell (document.md D5, D5.0.1, D5.4, D6) and the guard against operations that report success
 * but leave the body unchanged or invalid (check.ts).
 *
 * The plate: 40×20 rectangle on XY (x −20…20, y −10…10) extruded 10 (e1), an Ø8 hole through it
 * from the top (e2). `e1:side:r1.bottom` is the face at y = −10, `r1.right` at x = 20.
 */
import type { TopoDS_Shape } from "replicad-opencascadejs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ModelBuilder } from "../builder.ts";
import { loadOC, type OC } from "../oc/load.ts";
import { withScope } from "../oc/scope.ts";
import { makeList } from "../oc/topo.ts";
import { figuresOf, resultProblem } from "./check.ts";
import { doc, nameProblems, volumeOf } from "./testing.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());
afterEach(() => {
  vi.restoreAllMocks();
});

const PLATE = `<sketch id="s1" plane="XY"><rect id="r1" x="-20" y="-10" width="40" height="20"/></sketch>
<extrude id="e1" sketch="s1" distance="10"/>
<sketch id="s2" plane="face:e1:top"><circle id="c1" cx="0" cy="0" r="4"/></sketch>
<extrude id="e2" sketch="s2" extent="throughAll" direction="reverse" op="cut"/>`;
const CHAMFER = `<chamfer id="k1" edges="edge:e1:side:r1.bottom|e1:top edge:e1:side:r1.right|e1:top" distance="1"/>`;
const SHELL = `<shell id="sh1" faces="face:e1:side:r1.bottom" thickness="1"/>`;

const SQRT2 = Math.SQRT2;
/** 40·20·10 − π·4²·10 */
const PLATE_VOLUME = 8000 - 160 * Math.PI;
/**
 * Two 1 mm chamfers on the top edges at y = −10 (length 40) and x = 20 (length 20): ½·1·1 per mm
 * each, minus their overlap at the mitred corner counted twice. With a = z − 9, b = y + 10,
 * c = 20 − x in [0, 1] the first removes a > b, the second a > c; both: ∫₀¹ a² da = ⅓.
 */
const CHAMFERED_VOLUME = PLATE_VOLUME - (20 + 10 - 1 / 3);

/** The state after a feature list: statuses by id, and the body. */
function build(features: string, b = builder) {
  const m = b.build(doc(features));
  return { m, status: Object.fromEntries(m.features.map((f) => [f.id, f])) };
}

describe("shell", () => {
  it("[D5] shell of the plain plate opening face:e1:side:r1.bottom, 1 mm walls", () => {
    const { m, status } = build(`${PLATE}${SHELL}`);
    expect(status.sh1?.status).toBe("ok");
    // Cavity: x −19…19, y −10…9 (open at y = −10), z 1…9 = 38·19·8 = 5776, minus the hole's
    // wall (r 5, z 1…9) = 200π. Shell = 8000 − 160π − (5776 − 200π) = 2224 + 40π.
    expect(volumeOf(m.body!)).toBeCloseTo(2224 + 40 * Math.PI, 6);
    expect(nameProblems(oc, m.body!)).toEqual([]);
  });

  it("[D5][D5.4] shell after a chamfer that touches the opened face hollows the body (was: ok, body unchanged)", () => {
    const before = build(`${PLATE}${CHAMFER}`);
    expect(volumeOf(before.m.body!)).toBeCloseTo(CHAMFERED_VOLUME, 6);
    const { m, status } = build(`${PLATE}${CHAMFER}${SHELL}`);
    expect(m.features.map((f) => `${f.id}:${f.status}`)).toEqual([
      "s1:ok",
      "e1:ok",
      "s2:ok",
      "e2:ok",
      "k1:ok",
      "sh1:ok",
    ]);
    expect(status.sh1?.error).toBeUndefined();
    // The cavity is the inner offset (1 mm) of every kept face, open through y = −10.
    // Box x −19…19, y −10…9, z 1…9: 38·19·8 = 5776; the hole's wall (r 5, z 1…9): 200π.
    // Each chamfer plane moves in by 1, i.e. by √2 along z (or x) at its 45°:
    //  A, the y = −10 chamfer: with q = 9 − z, v = y + 10 ≥ 0 it cuts q + v < √2, a triangle of
    //    area (√2)²/2 = 1 along the whole 38 in x → 38;
    //  B, the x = 20 chamfer: with p = 19 − x ≥ 0 it cuts p + q < √2 − 1, area (√2 − 1)²/2, along
    //    the whole 19 in y;
    //  A∩B at the corner: ∫₀^{√2−1} (√2 − q)(√2 − 1 − q) dq = (√2 − 1)³/3 + (√2 − 1)²/2.
    const d = SQRT2 - 1;
    const cavity = 5776 - 200 * Math.PI - (38 + (19 * d * d) / 2 - (d ** 3 / 3 + (d * d) / 2));
    const expected = CHAMFERED_VOLUME - cavity; // ≈ 2359.518
    expect(volumeOf(m.body!)).toBeCloseTo(expected, 6);
    expect(volumeOf(m.body!)).toBeLessThan(volumeOf(before.m.body!) - 5000);
    expect(nameProblems(oc, m.body!)).toEqual([]);
    const names = m.body!.faces.map((f) => f.name);
    // 9 outer faces (the opened one kept as its rim, D5.0.1) + 8 offset copies (R2).
    expect(names).toHaveLength(17);
    expect(names).toContain("e1:side:r1.bottom");
    for (const kept of [
      "e1:bottom",
      "e1:side:r1.left",
      "e1:side:r1.right",
      "e1:side:r1.top",
      "e1:top",
      "e2:side:c1",
      "k1:blend[e1:side:r1.bottom|e1:top]",
      "k1:blend[e1:side:r1.right|e1:top]",
    ]) {
      expect(names).toContain(`sh1:inner[${kept}]`);
    }
  });

  it("[D5.4][D6] a shell OpenCascade cannot build is an error (KERNEL_FAILURE), never ok with the body unchanged", () => {
    // The opened face runs tangentially into the fillet: OpenCascade's thick solid returns a copy
    // of its input with either Intersection setting.
    const FILLET = `<fillet id="f1" edges="edge:e1:side:r1.bottom|e1:top" radius="1"/>`;
    const before = build(`${PLATE}${FILLET}`);
    const { m, status } = build(
      `${PLATE}${FILLET}${SHELL}<chamfer id="k2" edges="edge:e1:bottom|e1:side:r1.left" distance="1"/>`,
    );
    expect(status.f1?.status).toBe("ok");
    expect(status.sh1?.status).toBe("error");
    expect(status.sh1?.error?.code).toBe("KERNEL_FAILURE");
    const msg = status.sh1?.error?.message ?? "";
    expect(msg).toContain("sh1");
    expect(msg).toContain("face:e1:side:r1.bottom");
    expect(msg).toContain("unchanged");
    expect(msg).toContain("face:e1:side:r1.bottom runs smoothly into face:f1:blend[");
    expect(msg).toContain("put the shell before the fillet");
    // D5.4: the shell built nothing; k2 builds against the filleted body as it stands.
    expect(status.k2?.status).toBe("ok");
    expect(volumeOf(m.body!)).toBeCloseTo(volumeOf(before.m.body!) - 0.5 * 20, 6);
    expect(m.body!.faces.some((f) => f.name.startsWith("sh1:"))).toBe(false);
  });
  it("[D5.4][D6] walls too thick for the part (6 mm in a 10 mm plate) are an error, not ok", () => {
    const { m, status } = build(
      `${PLATE}<shell id="sh1" faces="face:e1:side:r1.bottom" thickness="6"/>`,
    );
    expect(status.sh1?.status).toBe("error");
    expect(status.sh1?.error?.code).toBe("KERNEL_FAILURE");
    // OpenCascade hands back the input here too (IsDone, no exception): without the guard this
    // was "ok" with the body unchanged.
    expect(status.sh1?.error?.message).toContain("unchanged");
    expect(status.sh1?.error?.message).toContain("try a thinner wall");
    expect(volumeOf(m.body!)).toBeCloseTo(PLATE_VOLUME, 6);
  });
});

describe("result guard (check.ts)", () => {
  /** A fresh copy of a shape (new TShapes, same geometry), owned by the caller. */
  const copyOf = (s: TopoDS_Shape): TopoDS_Shape =>
    withScope((sc) => {
      const t = sc.track(new oc.gp_Trsf());
      return sc.track(new oc.BRepBuilderAPI_Transform(s, t, true, false)).Shape();
    });

  it("[D5.4] the body handed back unchanged is a problem; a real chamfer is not", () => {
    const plate = build(PLATE).m.body!.shape.wrapped;
    const copy = copyOf(plate);
    try {
      expect(resultProblem(oc, plate, copy)).toMatch(
        /^the body unchanged \(7497\.35 mm³ and 7 faces before and after\)$/,
      );
      expect(resultProblem(oc, plate, copy, { removesMaterial: true })).toContain("unchanged");
    } finally {
      copy.delete();
    }
    const chamfered = build(`${PLATE}${CHAMFER}`).m.body!.shape.wrapped;
    expect(resultProblem(oc, plate, chamfered)).toBeUndefined();
    expect(figuresOf(oc, chamfered).faces).toBe(9);
  });

  it("[D5.4] a result that is not lighter fails removesMaterial (a shell keeps material inside)", () => {
    const plate = build(PLATE).m.body!.shape.wrapped;
    const chamfered = build(`${PLATE}${CHAMFER}`).m.body!.shape.wrapped;
    // Chamfered → plate: more volume, fewer faces.
    expect(resultProblem(oc, chamfered, plate)).toBeUndefined();
    expect(resultProblem(oc, chamfered, plate, { removesMaterial: true })).toMatch(
      /^a body that is no lighter \(7467\.68 mm³ before, 7497\.35 mm³ after\)$/,
    );
  });

  it("[D5.4] a shape BRepCheck_Analyzer rejects is a problem", () => {
    // Real OpenCascade output: a 2 mm thick solid of the chamfered plate with the Intersection
    // join reports done but is two overlapping shells, not a valid solid.
    const chamfered = build(`${PLATE}${CHAMFER}`).m.body!;
    const open = chamfered.faces.find((f) => f.name === "e1:side:r1.bottom")!;
    withScope((sc) => {
      const mk = sc.track(new oc.BRepOffsetAPI_MakeThickSolid());
      mk.MakeThickSolidByJoin(
        chamfered.shape.wrapped,
        sc.track(makeList(oc, [open.face.wrapped])),
        -2,
        1e-3,
        oc.BRepOffset_Mode.BRepOffset_Skin,
        false,
        false,
        oc.GeomAbs_JoinType.GeomAbs_Intersection,
        false,
      );
      const bad = sc.track(mk.Shape());
      expect(mk.IsDone()).toBe(true);
      expect(resultProblem(oc, chamfered.shape.wrapped, bad)).toBe(
        "an invalid solid (BRepCheck_Analyzer rejects it)",
      );
    });
  });

  it("[D5.4] a chamfer or fillet that OpenCascade 'does' without changing the body is an error", () => {
    // Simulate the silent failure: the blend's Shape() hands back a copy of its input.
    const b = new ModelBuilder(oc);
    try {
      const plate = b.build(doc(PLATE)).body!.shape.wrapped;
      for (const cls of [oc.BRepFilletAPI_MakeChamfer, oc.BRepFilletAPI_MakeFillet]) {
        vi.spyOn(cls.prototype, "Shape").mockImplementation(() => copyOf(plate));
      }
      const { m, status } = build(
        `${PLATE}${CHAMFER}<fillet id="f2" edges="edge:e1:bottom|e1:side:r1.left" radius="1"/>`,
        b,
      );
      for (const id of ["k1", "f2"]) {
        expect(status[id]?.status).toBe("error");
        expect(status[id]?.error?.code).toBe("KERNEL_FAILURE");
        expect(status[id]?.error?.message).toContain(
          "it returned the body unchanged (7497.35 mm³ and 7 faces before and after)",
        );
      }
      expect(volumeOf(m.body!)).toBeCloseTo(PLATE_VOLUME, 6);
    } finally {
      vi.restoreAllMocks();
      b.dispose();
    }
  });
});
