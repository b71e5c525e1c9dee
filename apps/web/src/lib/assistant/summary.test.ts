import { describe, expect, it } from "vitest";
import { fail, ok } from "@kerf/ai";
import { formatDuration, prettyArgs, summarize } from "./summary.ts";

describe("tool step summaries", () => {
  it("[T1] find_faces and find_edges: counts and refs", () => {
    const faces = summarize(
      "find_faces",
      ok({
        total: 2,
        truncated: false,
        faces: [
          { ref: "face:e1:top", surfaceType: "plane", area: 800 },
          { ref: "face:e1:bottom", surfaceType: "plane", area: 800 },
        ],
      }),
    );
    expect(faces.summary).toBe("2 faces found");
    expect(faces.details).toEqual([
      "face:e1:top · plane, 800 mm²",
      "face:e1:bottom · plane, 800 mm²",
    ]);
    const edges = summarize(
      "find_edges",
      ok({
        total: 30,
        truncated: true,
        edges: [{ ref: "edge:a|b", curveType: "line", length: 40, convexity: "convex" }],
      }),
    );
    expect(edges.summary).toBe("30 edges found (1 listed)");
    expect(edges.details).toEqual(["edge:a|b · line, 40 mm, convex"]);
  });

  it("get_current_selection, get_geometry and validate_xml", () => {
    expect(summarize("get_current_selection", ok({ count: 0, selection: [] })).summary).toBe(
      "nothing is selected",
    );
    expect(
      summarize(
        "get_current_selection",
        ok({ count: 1, selection: [{ ref: "face:e1:top", note: "planar face, 800 mm²" }] }),
      ),
    ).toEqual({ summary: "1 selected item", details: ["face:e1:top · planar face, 800 mm²"] });
    expect(
      summarize("get_geometry", ok({ volume: 8000, area: 2800, faceCount: 6, edgeCount: 12 }))
        .summary,
    ).toBe("body: 8000 mm³, 2800 mm², 6 faces, 12 edges");
    expect(
      summarize("get_geometry", ok({ id: "e1", type: "extrude", status: "ok", faces: ["a", "b"] }))
        .summary,
    ).toBe("extrude e1: ok, 2 faces");
    const invalid = summarize(
      "validate_xml",
      ok({
        valid: false,
        errors: [{ code: "XML_PARSE", message: "Unclosed tag.", line: 3, severity: "error" }],
        warnings: [],
      }),
    );
    expect(invalid).toEqual({
      summary: "invalid: 1 error",
      details: ["XML_PARSE line 3: Unclosed tag."],
    });
  });

  it("[T1] preview_change: what changed, what failed, or why nothing can be applied", () => {
    expect(
      summarize(
        "preview_change",
        ok({
          changeId: "c1",
          valid: true,
          errors: [],
          diff: { added: ["f1"], removed: [], modified: [{ id: "e1" }], moved: [] },
          build: {
            features: [
              { id: "f1", status: "error", error: { code: "FILLET_FAILED", message: "too big" } },
            ],
          },
        }),
      ),
    ).toEqual({
      summary: "preview c1: 1 added, 1 changed; 1 feature failed to build",
      details: ["f1: FILLET_FAILED too big"],
    });
    const invalid = summarize(
      "preview_change",
      ok({
        changeId: null,
        valid: false,
        errors: [{ code: "XML_PARSE", severity: "error", message: "Bad XML." }],
      }),
    );
    expect(invalid.summary).toBe("invalid proposal: 1 error; nothing to apply");
  });

  it("[T0] errors show their code and message, with the details that help", () => {
    const r = summarize(
      "get_geometry",
      fail("REF_NOT_FOUND", "No face face:e9:top.", { suggestions: ["face:e1:top"] }),
    );
    expect(r.summary).toBe("REF_NOT_FOUND: No face face:e9:top.");
    expect(r.details).toEqual(["nearby: face:e1:top"]);
  });

  it("formats arguments and durations", () => {
    expect(prettyArgs("")).toBe("{}");
    expect(prettyArgs('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyArgs("{bad")).toBe("{bad");
    expect(formatDuration(0.4)).toBe("<1 ms");
    expect(formatDuration(12.4)).toBe("12 ms");
    expect(formatDuration(1430)).toBe("1.4 s");
    expect(formatDuration(null)).toBe("");
  });
});
