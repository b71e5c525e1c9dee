/**
 * OpenCascade plumbing: exception normalisation (guide habit 3), the ownership scope (habit 6),
 * and the JS-built topology indices that stand in for TopExp/NCollection maps.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatOcFailure, ocFailure } from "./errors.ts";
import { loadOC, type OC } from "./load.ts";
import { Scope, withScope } from "./scope.ts";
import { ShapeMap, listItems, makeList, occurrences, subShapes } from "./topo.ts";

let oc: OC;
beforeAll(async () => {
  oc = await loadOC();
});

describe("OpenCascade exceptions", () => {
  it("[D6] a WebAssembly exception becomes {type, message} with OpenCascade's own text", () => {
    let caught: unknown;
    try {
      new oc.gp_Dir(0, 0, 0);
    } catch (e) {
      caught = e;
    }
    const f = ocFailure(oc, caught);
    expect(f.type).toBe("Standard_ConstructionError");
    expect(f.message).toContain("zero norm");
    expect(formatOcFailure(f)).toBe(`Standard_ConstructionError: ${f.message}`);
  });

  it("JS errors and other values pass through", () => {
    expect(ocFailure(oc, new TypeError("boom"))).toEqual({ type: "TypeError", message: "boom" });
    expect(ocFailure(oc, "odd")).toEqual({ type: "Error", message: "odd" });
  });

  it("is the same instance on every load", async () => {
    expect(await loadOC()).toBe(oc);
  });
});

describe("Scope", () => {
  it("deletes newest first, also when the body throws; release hands ownership on", () => {
    const log: string[] = [];
    const item = (n: string) => ({ delete: () => log.push(n) });
    const kept = item("kept");
    expect(() =>
      withScope((sc) => {
        sc.track(item("a"));
        sc.track(kept);
        sc.track(item("b"));
        sc.release(kept);
        throw new Error("x");
      }),
    ).toThrow("x");
    expect(log).toEqual(["b", "a"]);
  });

  it("trackAlgo clears before deleting (booleans free their internals only on Clear)", () => {
    const log: string[] = [];
    const sc = new Scope();
    sc.trackAlgo({ Clear: () => log.push("clear"), delete: () => log.push("delete") });
    sc.close();
    sc.close();
    expect(log).toEqual(["clear", "delete"]);
  });
});

describe("topology in JS", () => {
  it("subShapes lists each sub-shape once (IsSame), occurrences keep seams twice", () => {
    withScope((sc) => {
      const box = sc.track(sc.track(new oc.BRepPrimAPI_MakeBox(1, 2, 3)).Shape());
      const faces = subShapes(oc, box, "face").map((f) => sc.track(f));
      const edges = subShapes(oc, box, "edge").map((e) => sc.track(e));
      expect(faces.length).toBe(6);
      expect(edges.length).toBe(12);
      const occ = faces.flatMap((f) => occurrences(oc, f, "edge")).map((e) => sc.track(e));
      expect(occ.length).toBe(24); // each box edge bounds two faces
      const map = new ShapeMap<number>(oc);
      edges.forEach((e, i) => map.set(e, i));
      expect(occ.every((e) => map.has(e))).toBe(true);
      expect(map.size).toBe(12);
      const cyl = sc.track(sc.track(new oc.BRepPrimAPI_MakeCylinder(1, 2)).Shape());
      const side = subShapes(oc, cyl, "face").map((f) => sc.track(f))[0]!;
      const sideEdges = occurrences(oc, side, "edge").map((e) => sc.track(e));
      const distinct = new ShapeMap<true>(oc);
      sideEdges.forEach((e) => distinct.set(e, true));
      expect(sideEdges.length - distinct.size).toBe(1); // the seam, twice
    });
  });

  it("listItems reads an NCollection list (no iterator is bound)", () => {
    withScope((sc) => {
      const box = sc.track(sc.track(new oc.BRepPrimAPI_MakeBox(1, 1, 1)).Shape());
      const faces = subShapes(oc, box, "face").map((f) => sc.track(f));
      const list = makeList(oc, faces.slice(0, 3));
      const items = listItems(oc, list).map((s) => sc.track(s));
      expect(items.length).toBe(3);
      expect(items.every((s, i) => s.IsSame(faces[i]!))).toBe(true);
    });
  });
});
