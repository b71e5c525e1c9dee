import { describe, expect, it } from "vitest";
import { defaultTools, TOOL_BUDGET, type TraceEvent } from "../../src/index.ts";
import { textReply, toolCallReply, type ScriptStep } from "../../src/testing/index.ts";
import { example, useKernel } from "../kernel.ts";
import { expectEveryCallAnswered, messagesOf, toolResults, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

const BRACKET = example("bracket");
const CORNER = "edge:e1:side:p1.0|e1:side:p1.5";
const PROPOSAL = BRACKET.replace(
  "  </features>",
  `    <fillet id="f2" edges="${CORNER}" radius="3"/>\n  </features>`,
);

/** The model's last answer, naming the changeId that preview_change returned. */
const answerWithChangeId: ScriptStep = {
  kind: "dynamic",
  respond: (request) => {
    const last = request.body.messages.at(-1);
    const { data } = JSON.parse(last.content);
    return textReply(`I proposed change ${data.changeId}: a 3 mm fillet on the outer corner.`);
  },
};

describe("a normal conversation on the bracket: look, validate, preview", () => {
  it("[L9][L4][T1][L7] looks at the selection and the geometry, validates, previews; nothing is applied", async () => {
    const session = k.session("bracket", [CORNER]);
    const liveBefore = await session.currentBuild();
    const revisionBefore = session.document().revision;
    const h = await start(
      [
        toolCallReply(
          [
            { id: "look1", name: "get_current_selection", args: {} },
            { id: "look2", name: "get_geometry", args: { ref: CORNER } },
          ],
          "Let me look at the selected edge.",
        ),
        toolCallReply([{ id: "check", name: "validate_xml", args: { xml: PROPOSAL } }]),
        toolCallReply([
          {
            id: "prop",
            name: "preview_change",
            args: { xml: PROPOSAL, summary: "Round the outer corner with a 3 mm fillet" },
          },
        ]),
        answerWithChangeId,
      ],
      session,
    );
    const result = await h.chat.send("Round this corner with 3 mm");
    const [r1, r2, r3, r4] = h.server.requests;

    // L9/L10: the first request carries the context and the six strict tools.
    expect(r1!.body).toMatchObject({ model: "scripted-model", stream: true, tool_choice: "auto" });
    expect(r1!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(
      defaultTools.map((t) => t.name),
    );
    expect(r1!.body.tools.every((t: { function: { strict: boolean } }) => t.function.strict)).toBe(
      true,
    );
    const system: string = r1!.body.messages[0].content;
    expect(r1!.body.messages[0].role).toBe("system");
    expect(system).toContain(session.document().text.trim());
    expect(system).toContain(`revision ${revisionBefore}`);
    expect(system).toContain("Build status: all features built.");
    expect(system).toMatch(/- e2 \(extrude\): ok/);
    expect(system).toContain(`Selection:\n- ${CORNER}: straight edge of extrude e1, 30 mm long`);
    expect(system).toMatch(/convex/);
    expect(system).toMatch(/References name faces and edges/);
    expect(r1!.body.messages.at(-1)).toEqual({
      role: "user",
      content: "Round this corner with 3 mm",
    });

    // Step 1: both looks ran on the real bracket and came back in call order.
    const [selection, geometry] = toolResults(r2!);
    expect(selection!.id).toBe("look1");
    expect(selection!.result.data.count).toBe(1);
    expect(selection!.result.data.selection[0]).toMatchObject({
      kind: "edge",
      ref: CORNER,
      featureId: "e1",
      geometry: { curveType: "line", length: 30, convexity: "convex" },
    });
    expect(geometry!.result.data).toEqual(selection!.result.data.selection[0].geometry);
    // The assistant text that came with the calls is kept with them.
    expect(messagesOf(r2!).at(-3)).toMatchObject({
      role: "assistant",
      content: "Let me look at the selected edge.",
    });

    // Step 2: the proposal validates.
    expect(toolResults(r3!).at(-1)!.result).toEqual({
      ok: true,
      data: { valid: true, errors: [], warnings: [] },
    });

    // Step 3: the preview, with every T1 field.
    const preview = toolResults(r4!).at(-1)!.result;
    expect(preview.ok).toBe(true);
    expect(Object.keys(preview.data).sort()).toEqual(
      ["baseRevision", "body", "build", "changeId", "diff", "errors", "status", "valid"].sort(),
    );
    expect(preview.data).toMatchObject({
      changeId: "c1",
      baseRevision: revisionBefore,
      valid: true,
      errors: [],
      diff: { added: ["f2"], removed: [], modified: [], moved: [] },
      status: "awaiting_user",
    });
    expect(
      preview.data.build.features.map((f: { id: string; status: string }) => [f.id, f.status]),
    ).toEqual([
      ["s1", "ok"],
      ["e1", "ok"],
      ["s2", "ok"],
      ["e2", "ok"],
      ["f1", "ok"],
      ["f2", "ok"],
    ]);
    // A fillet on an outside corner removes material.
    expect(preview.data.body.after.volume).toBeLessThan(preview.data.body.before.volume);
    expect(preview.data.body.before.volume).toBeCloseTo(liveBefore.body!.volume, 6);

    // The answer, the turn result, and every call answered.
    expect(result.answer).toBe("I proposed change c1: a 3 mm fillet on the outer corner.");
    expect(result.previews.map((p) => [p.changeId, p.summary])).toEqual([
      ["c1", "Round the outer corner with a 3 mm fillet"],
    ]);
    expect(result.toolCalls.map((t) => [t.step, t.tool, t.ok])).toEqual([
      [1, "get_current_selection", true],
      [1, "get_geometry", true],
      [2, "validate_xml", true],
      [3, "preview_change", true],
    ]);
    expect(h.server.requests.every((r) => r.body.tool_choice === "auto")).toBe(true);
    expect(h.traces.length).toBeLessThanOrEqual(TOOL_BUDGET);
    expectEveryCallAnswered(messagesOf(r4!));

    // L7: nothing changed until the user applies; the live build was not disturbed.
    expect(session.document().revision).toBe(revisionBefore);
    expect(await session.currentBuild()).toBe(liveBefore);
    expect(session.previews.get("c1")!.status).toBe("awaiting_user");
  });

  it("[L8] trace events carry the T1 fields, and a throwing listener never breaks the loop", async () => {
    const seen: TraceEvent[] = [];
    const h = await start(
      [
        toolCallReply([{ id: "a", name: "find_faces", args: { orientation: "top" } }]),
        textReply("done"),
      ],
      k.session("bracket"),
      undefined,
      {
        onTrace: (t) => {
          seen.push(t);
          throw new Error("listener bug");
        },
      },
    );
    const r = await h.chat.send("top?", {
      onEvent: () => {
        throw new Error("UI bug");
      },
    });
    expect(r.answer).toBe("done");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      requestId: r.requestId,
      step: 1,
      tool: "find_faces",
      args: { orientation: "top" },
      cached: false,
      ok: true,
    });
    expect(typeof seen[0]!.durationMs).toBe("number");
  });

  it("[L9] the system prompt carries build errors and says when nothing is selected", async () => {
    const broken = BRACKET.replace('radius="4"', 'radius="400"');
    const h = await start([textReply("The fillet f1 fails.")], k.session(broken));
    await h.chat.send("what is wrong?");
    const system: string = h.server.requests[0]!.body.messages[0].content;
    expect(system).toMatch(/Build status: 1 feature\(s\) failed\./);
    expect(system).toMatch(/- f1 \(fillet\): error [A-Z_]+: /);
    expect(system).toContain("Selection: nothing is selected.");
  });
});
