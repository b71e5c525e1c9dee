import { describe, expect, it } from "vitest";
import { rejectPreview } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { example, useKernel } from "../kernel.ts";
import { expectEveryCallAnswered, messagesOf, toolResults, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

const PLATE = example("plate");
const THICKER = PLATE.replace('distance="10"', 'distance="15"');
// The same document written differently (whitespace, attribute order): the same revision.
const THICKER_AGAIN = THICKER.replace(/\n\s*/g, " ").replace(
  '<extrude id="e1" sketch="s1" distance="15"/>',
  '<extrude distance="15" sketch="s1" id="e1"/>',
);
const THINNER = PLATE.replace('distance="10"', 'distance="6"');

describe("L7 a rejected change", () => {
  it("[L7] the rejection is told on the next turn, and the same document proposed again is refused", async () => {
    const session = k.session("plate");
    const h = await start(
      [
        toolCallReply([
          { id: "p1", name: "preview_change", args: { xml: THICKER, summary: "5 mm thicker" } },
        ]),
        textReply("I proposed change c1: the plate 5 mm thicker."),
        toolCallReply([
          { id: "p2", name: "preview_change", args: { xml: THICKER_AGAIN, summary: "thicker" } },
        ]),
        toolCallReply([
          { id: "p3", name: "preview_change", args: { xml: THINNER, summary: "4 mm thinner" } },
        ]),
        textReply("Then how about change c2: 4 mm thinner?"),
      ],
      session,
    );
    const first = await h.chat.send("make it thicker");
    expect(first.previews.map((p) => p.changeId)).toEqual(["c1"]);
    expect(rejectPreview(session, "c1")).toBe(true);
    expect(session.previews.get("c1")!.status).toBe("rejected");
    // Rejecting twice, or an unknown change, does nothing.
    expect(rejectPreview(session, "c1")).toBe(false);
    expect(rejectPreview(session, "c9")).toBe(false);

    const second = await h.chat.send("not like that");
    const user = messagesOf(h.server.requests[2]!)
      .filter((m) => m.role === "user")
      .at(-1)!;
    expect(user.content).toBe(
      "[the user rejected change c1; do not propose it again unchanged]\n\nnot like that",
    );
    const [again] = toolResults(h.server.requests[3]!).slice(-1);
    expect(again!.result).toMatchObject({
      ok: false,
      error: { code: "CHANGE_REJECTED", changeId: "c1" },
    });
    const [other] = toolResults(h.server.requests[4]!).slice(-1);
    expect(other!.result).toMatchObject({
      ok: true,
      data: { changeId: "c2", status: "awaiting_user" },
    });
    expect(second.previews.map((p) => p.changeId)).toEqual(["c2"]);
    // The note is told once: the third request of the message does not repeat it in a new message.
    expect(
      messagesOf(h.server.requests[4]!).filter((m) => m.content?.includes("rejected change c1")),
    ).toHaveLength(1);
    expectEveryCallAnswered(messagesOf(h.server.requests[4]!));
    // Nothing was applied.
    expect(session.document().text).toBe(k.session("plate").document().text);
  });
});
