/**
 * The assistant in the app, end to end in Chromium against the built app: the only scripted part
 * is the model endpoint (`@kerf/ai/test`'s scripted server, called by the real `openai` client in
 * the page). Select a face → ask → steps → ghost preview → Apply → tree and geometry → Ctrl+Z;
 * an invalid proposal; Reject (told on the next turn); Stop mid-stream; a completion with a
 * script tag; the relay; and the API key in no request but the endpoint's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import {
  startScriptedServer,
  textReply,
  toolCallReply,
  type ScriptStep,
  type ScriptedServer,
} from "@kerf/ai/test";
import { openApp, type Session } from "./support/app.ts";
import {
  clickWorld,
  openFile,
  setParam,
  settle,
  shot,
  state,
  treeIds,
  treeItem,
} from "./support/ui.ts";

const KEY = "sk-e2e-secret-7f3a9c";
const MODEL = "scripted-model";
const BOX_VOLUME = 40 * 20 * 10;
/**
 * Volume of the 40×20×10 box with its four top edges rounded by r, up to the four corners where
 * two fillets meet (each corner is off by less than r³).
 */
const filletedTop = (r: number) => BOX_VOLUME - (1 - Math.PI / 4) * r * r * (2 * 40 + 2 * 20);

const BOX = `<model version="1" units="mm" name="Assistant box">
  <features>
    <sketch id="s1" plane="XY">
      <rect id="r1" x="-20" y="-10" width="40" height="20"/>
    </sketch>
    <extrude id="e1" sketch="s1" distance="10"/>
  </features>
</model>
`;
const withFeatures = (extra: string, distance = 10) =>
  BOX.replace('distance="10"/>', `distance="${distance}"/>${extra}`);
const FILLETED = withFeatures('\n    <fillet id="f1" edges="face:e1:top" radius="2"/>');

let s: Session;
let server: ScriptedServer | undefined;
/** Every request the page made, with its headers and body. */
const seen: { url: string; headers: Record<string, string>; body: string | null }[] = [];

beforeAll(async () => {
  s = await openApp();
  s.page.on("request", (r: Request) => {
    void r.allHeaders().then((headers) => seen.push({ url: r.url(), headers, body: r.postData() }));
  });
}, 300_000);

afterEach(async () => {
  await server?.close();
  server = undefined;
});

afterAll(async () => {
  await s?.close();
});

const panel = (page: Page) => page.getByRole("complementary", { name: "Assistant" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const lastAnswer = (page: Page) => log(page).locator('[data-role="assistant"]').last();

/** Point the assistant at a fresh scripted endpoint (through the settings form). */
async function connect(page: Page, script: ScriptStep[], relay = false): Promise<ScriptedServer> {
  const srv = await startScriptedServer(script);
  server = srv;
  await panel(page).getByRole("button", { name: "Endpoint settings" }).click();
  const form = page.getByRole("form", { name: "Endpoint settings" });
  await form.getByLabel("Base URL").fill(srv.baseURL);
  await form.getByLabel("Model").fill(MODEL);
  await form.getByLabel("API key").fill(KEY);
  const relayBox = form.getByLabel(/Use the local relay/);
  if ((await relayBox.isChecked()) !== relay) await relayBox.click();
  await form.getByRole("button", { name: "Save" }).click();
  await form.waitFor({ state: "detached" });
  return srv;
}

async function ask(page: Page, text: string): Promise<void> {
  const input = panel(page).getByLabel("Message to the assistant");
  await input.fill(text);
  await input.press("Enter");
}

async function waitAnswered(page: Page): Promise<void> {
  await expect
    .poll(() => lastAnswer(page).getAttribute("data-status"), { timeout: 30_000 })
    .not.toBe("streaming");
}

const ghost = (page: Page) => page.evaluate(() => window.kerfAssistant?.ghost ?? null);

describe("the assistant panel", () => {
  it("without an endpoint, modelling works and the panel says how to connect one", async () => {
    const { page } = s;
    await page.evaluate(() => localStorage.clear());
    await openFile(page, "assistant-box.kerf.xml", BOX);
    await page.getByRole("tree", { name: "Features" }).waitFor();
    const st = await settle(page);
    expect(st.features.map((f) => f.status)).toEqual(["ok", "ok"]);
    expect(st.volume).toBeCloseTo(BOX_VOLUME, 3);
    const note = panel(page).getByTestId("assistant-not-configured");
    await expect.poll(() => note.textContent()).toContain("Modelling works fully without one");
    expect(await panel(page).getByLabel("Message to the assistant").isDisabled()).toBe(true);
  });

  it("tests the connection and stores the settings in this browser only", async () => {
    const { page } = s;
    const srv = await startScriptedServer([
      { kind: "json", body: { object: "list", data: [{ id: MODEL, object: "model" }] } },
    ]);
    server = srv;
    await panel(page).getByRole("button", { name: "Endpoint settings" }).click();
    const form = page.getByRole("form", { name: "Endpoint settings" });
    await form.getByLabel("Base URL").fill(srv.baseURL);
    await form.getByLabel("Model").fill(MODEL);
    await form.getByLabel("API key").fill(KEY);
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect
      .poll(() => form.getByRole("status").textContent())
      .toBe(`Connected: ${MODEL} is available.`);
    expect(srv.requests[0]!.path).toBe("/v1/models");
    expect(srv.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    await shot(page, "assistant-01-settings");
    await form.getByRole("button", { name: "Save" }).click();
    srv.assertDone();
    const stored = await page.evaluate(() => localStorage.getItem("kerf.assistant.endpoint"));
    expect(JSON.parse(stored!)).toMatchObject({ baseURL: srv.baseURL, model: MODEL, apiKey: KEY });
  });

  it("[L9] select a face → ask → steps → ghost preview → Apply → Ctrl+Z restores the part", async () => {
    const { page } = s;
    const srv = await connect(page, [
      toolCallReply(
        [{ id: "call_sel", name: "get_current_selection", args: {} }],
        "Let me look at what you selected.",
      ),
      toolCallReply([
        {
          id: "call_prev",
          name: "preview_change",
          args: { xml: FILLETED, summary: "Round the four top edges with a 2 mm fillet" },
        },
      ]),
      textReply(
        "I propose **change c1**: a 2 mm fillet on the four edges of the top face. Nothing changes until you click *Apply*.",
      ),
    ]);
    await page.getByRole("button", { name: "Iso view" }).click();
    await page.waitForTimeout(500);
    await clickWorld(page, [0, 0, 10]);
    expect((await state(page)).selection).toEqual(["face:e1:top"]);
    const chips = panel(page).getByLabel("Selection sent with your message");
    await expect.poll(() => chips.textContent()).toContain("face:e1:top");
    await expect
      .poll(() => panel(page).getByLabel("Suggestions").textContent())
      .toContain("Fillet the edges of this face 2 mm");

    await ask(page, "Fillet these edges 2 mm");
    await waitAnswered(page);
    const answer = lastAnswer(page);
    const selStep = answer.locator('details[data-tool="get_current_selection"]');
    expect(await selStep.getAttribute("data-status")).toBe("ok");
    expect(await selStep.textContent()).toContain("1 selected item");
    const prevStep = answer.locator('details[data-tool="preview_change"]');
    expect(await prevStep.getAttribute("data-status"), await prevStep.innerText()).toBe("ok");
    expect(await prevStep.textContent()).toMatch(/preview c1: 1 added/);
    expect(await answer.getByTestId("answer").innerHTML()).toContain("<strong>change c1</strong>");

    // The selection went into the context (L9) and the key only to the endpoint.
    srv.assertDone();
    expect(srv.requests[0]!.body.messages[0].content).toContain("face:e1:top");
    expect(srv.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);

    const card = answer.getByRole("article", { name: "Proposed change c1" });
    expect(await card.getAttribute("data-status")).toBe("awaiting_user");
    const diffText = await card.getByRole("list", { name: "Changes" }).textContent();
    expect(diffText).toContain("fillet f1: edges face:e1:top, radius 2");
    expect(await card.getByLabel("Build status").textContent()).toContain("All 3 features build");
    await expect.poll(async () => (await ghost(page))?.changeId).toBe("c1");
    const g = (await ghost(page))!;
    expect(g.visible).toBe(true);
    expect(g.triangles).toBeGreaterThan(0);
    expect(g.added.length).toBeGreaterThanOrEqual(4); // the fillet faces
    expect(await card.getByTestId("volume-change").textContent()).toContain("−");
    // Nothing changed yet.
    expect(await treeIds(page)).toEqual(["s1", "e1"]);
    await shot(page, "assistant-02-preview");

    await card.getByRole("button", { name: "Proposed" }).click();
    await expect.poll(async () => (await ghost(page))?.mode).toBe("proposed");
    await shot(page, "assistant-03-proposed");
    await card.getByRole("button", { name: "Current" }).click();
    await expect.poll(async () => (await ghost(page))?.visible).toBe(false);
    await card.getByRole("button", { name: "Both" }).click();

    await card.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => card.getAttribute("data-status")).toBe("applied");
    await expect.poll(() => treeIds(page)).toEqual(["s1", "e1", "f1"]);
    const after = await settle(page);
    expect(after.features.map((f) => [f.id, f.status])).toEqual([
      ["s1", "ok"],
      ["e1", "ok"],
      ["f1", "ok"],
    ]);
    expect(Math.abs(after.volume! - filletedTop(2))).toBeLessThan(4 * 2 ** 3);
    expect((await ghost(page))?.visible).toBe(false);
    await shot(page, "assistant-04-applied");

    // One undo step (D7.1): Ctrl+Z outside the text box takes the whole change back.
    await page.getByRole("button", { name: "Fit all" }).focus();
    await page.keyboard.press("Control+z");
    await expect.poll(() => treeIds(page)).toEqual(["s1", "e1"]);
    const undone = await settle(page);
    expect(undone.volume).toBeCloseTo(BOX_VOLUME, 3);
    expect(await page.evaluate(() => window.kerf!.text())).not.toContain("fillet");
  });

  it("[D6] an invalid proposal shows its errors and nothing is applied", async () => {
    const { page } = s;
    const before = await page.evaluate(() => window.kerf!.text());
    await connect(page, [
      toolCallReply([
        {
          id: "call_bad",
          name: "preview_change",
          args: {
            xml: withFeatures('\n    <blob id="b1"/>\n    <fillet id="f2" radius="-1"/>'),
            summary: "Add a blob",
          },
        },
      ]),
      textReply("That proposal was not valid; I will fix it."),
    ]);
    await ask(page, "Add a blob");
    await waitAnswered(page);
    const answer = lastAnswer(page);
    const step = answer.locator('details[data-tool="preview_change"]');
    expect(await step.textContent()).toMatch(/invalid proposal: \d+ errors?; nothing to apply/);
    const card = answer.getByRole("article", { name: "Proposed change (invalid)" });
    expect(await card.getAttribute("data-status")).toBe("invalid");
    const problems = await card.getByRole("list", { name: "Problems" }).textContent();
    expect(problems).toMatch(/[A-Z_]{4,}/);
    expect(await card.getByRole("button", { name: "Apply" }).count()).toBe(0);
    expect(await page.evaluate(() => window.kerf!.text())).toBe(before);
    expect((await ghost(page))?.visible).toBe(false);
    await shot(page, "assistant-05-invalid");
  });

  it("[L7] Reject: nothing changes, and the model is told on the next turn", async () => {
    const { page } = s;
    const srv = await connect(page, [
      toolCallReply([
        {
          id: "call_tall",
          name: "preview_change",
          args: { xml: withFeatures("", 15), summary: "Make the part 15 mm tall" },
        },
      ]),
      textReply("Change c2 makes the part 15 mm tall."),
      textReply("Understood, I will not propose that again."),
    ]);
    await ask(page, "Make it 15 mm tall");
    await waitAnswered(page);
    const card = lastAnswer(page).getByRole("article", { name: "Proposed change c2" });
    expect(await card.getByRole("list", { name: "Changes" }).textContent()).toMatch(
      /distance\s*10\s*→\s*15/,
    );
    await expect.poll(async () => (await ghost(page))?.changeId).toBe("c2");
    expect((await ghost(page))!.changed.length).toBeGreaterThan(0);
    await card.getByRole("button", { name: "Reject" }).click();
    await expect.poll(() => card.getAttribute("data-status")).toBe("rejected");
    expect((await ghost(page))?.visible).toBe(false);
    expect((await settle(page)).volume).toBeCloseTo(BOX_VOLUME, 3);

    await ask(page, "Never mind.");
    await waitAnswered(page);
    srv.assertDone();
    const last = srv.requests[2]!.body.messages.filter(
      (m: { role: string }) => m.role === "user",
    ).at(-1);
    expect(last.content).toContain(
      "[the user rejected change c2; do not propose it again unchanged]",
    );
  });

  it("[L7] a stale preview is carried onto the changed document, or refused on a conflict", async () => {
    const { page } = s;
    await connect(page, [
      toolCallReply([
        {
          id: "call_f",
          name: "preview_change",
          args: { xml: FILLETED, summary: "Round the top edges" },
        },
      ]),
      textReply("Change c3 rounds the top edges."),
      toolCallReply([
        {
          id: "call_t",
          name: "preview_change",
          args: { xml: withFeatures("", 14), summary: "14 mm tall" },
        },
      ]),
      textReply("Change c5 makes it 14 mm tall."),
    ]);
    await ask(page, "Round the top edges");
    await waitAnswered(page);
    const c3 = log(page).getByRole("article", { name: "Proposed change c3" });
    expect(await c3.getAttribute("data-status")).toBe("awaiting_user");

    // The user changes the part meanwhile; Apply carries the fillet onto it and asks again.
    await (await treeItem(page, "e1")).click();
    await setParam(page, "Distance", "12");
    await settle(page);
    await c3.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => c3.getAttribute("data-status")).toBe("superseded");
    const c4 = log(page).getByRole("article", { name: "Proposed change c4" });
    expect(await c4.getAttribute("data-status")).toBe("awaiting_user");
    expect(await c4.textContent()).toContain("carried onto it");
    expect(await c4.getByRole("list", { name: "Changes" }).textContent()).toContain("fillet f1");
    expect(await c4.getByTestId("volume-change").textContent()).toMatch(/^\s*9,600 mm³/);
    await expect.poll(async () => (await ghost(page))?.changeId).toBe("c4");
    await c4.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => treeIds(page)).toEqual(["s1", "e1", "f1"]);
    const text = await page.evaluate(() => window.kerf!.text()!);
    expect(text).toContain('distance="12"');
    expect(text).toContain("<fillet");

    // Back to the plain box, then a proposal and the user both change e1: refused.
    await page.getByRole("button", { name: "Fit all" }).focus();
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await expect.poll(() => treeIds(page)).toEqual(["s1", "e1"]);
    expect((await settle(page)).volume).toBeCloseTo(BOX_VOLUME, 3);
    await ask(page, "Make it 14 mm tall");
    await waitAnswered(page);
    const c5 = log(page).getByRole("article", { name: "Proposed change c5" });
    await (await treeItem(page, "e1")).click();
    await setParam(page, "Distance", "12");
    await settle(page);
    await c5.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => c5.getAttribute("data-status")).toBe("superseded");
    expect(await c5.textContent()).toContain("e1 changed in both");
    expect(await page.evaluate(() => window.kerf!.text()!)).toContain('distance="12"');
    await page.getByRole("button", { name: "Fit all" }).focus();
    await page.keyboard.press("Control+z");
    expect((await settle(page)).volume).toBeCloseTo(BOX_VOLUME, 3);
  });

  it("[L6] Stop ends a streaming answer at once", async () => {
    const { page } = s;
    const chunk = (content: string) => ({
      id: "chatcmpl-hang",
      object: "chat.completion.chunk",
      created: 1,
      model: MODEL,
      choices: [{ index: 0, delta: { content }, finish_reason: null, logprobs: null }],
    });
    await connect(page, [
      {
        kind: "sse",
        chunks: [chunk("Thinking about "), chunk("your part"), chunk(" and more")],
        hangAfter: 2,
      },
    ]);
    await ask(page, "Tell me about this part");
    await expect.poll(() => lastAnswer(page).textContent()).toContain("your part");
    expect(await lastAnswer(page).getAttribute("data-status")).toBe("streaming");
    await panel(page).getByRole("button", { name: "Stop" }).click();
    await waitAnswered(page);
    expect(await lastAnswer(page).getAttribute("data-status")).toBe("stopped");
    expect(await lastAnswer(page).textContent()).toContain("(stopped by the user)");
    expect(await panel(page).getByRole("button", { name: "Send" }).count()).toBe(1);
  });

  it("model-written HTML never executes (DOMPurify)", async () => {
    const { page } = s;
    await connect(page, [
      textReply(
        'Here you go <script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"> ' +
          '<a href="javascript:window.__pwned=3" id="evil">click</a> and [also](javascript:window.__pwned=4) ' +
          '<iframe src="javascript:window.__pwned=5"></iframe><b onmouseover="window.__pwned=6">bold</b>',
      ),
    ]);
    await ask(page, "Show me something");
    await waitAnswered(page);
    const html = await lastAnswer(page).getByTestId("answer").innerHTML();
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onmouseover|javascript:/i);
    expect(html).toContain("<b>bold</b>");
    const links = lastAnswer(page).getByTestId("answer").locator("a");
    for (let i = 0; i < (await links.count()); i++) await links.nth(i).click({ force: true });
    await lastAnswer(page).getByText("bold").hover();
    await page.waitForTimeout(200);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
  });

  it("the same-origin relay of `npm start` passes requests to the endpoint", async () => {
    const { page } = s;
    const srv = await connect(page, [textReply("Hello through the relay.")], true);
    await ask(page, "Hello?");
    await waitAnswered(page);
    expect(await lastAnswer(page).textContent()).toContain("Hello through the relay.");
    srv.assertDone();
    expect(srv.requests[0]!.path).toBe("/v1/chat/completions");
    expect(srv.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen.some((r) => r.url.startsWith(`${s.served.url}relay/`))).toBe(true);
    // Other sites may not use it.
    const foreign = await fetch(`${s.served.url}relay/${encodeURIComponent(srv.baseURL)}/models`, {
      headers: { origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(srv.requests).toHaveLength(1);
  });

  it("the tools panel lists the six tools, disables one, and runs one by hand", async () => {
    const { page } = s;
    await panel(page).getByRole("tab", { name: "Tools" }).click();
    const tools = panel(page).locator("li[data-tool]");
    expect(await tools.evaluateAll((els) => els.map((e) => e.getAttribute("data-tool")))).toEqual([
      "get_current_selection",
      "find_faces",
      "find_edges",
      "get_geometry",
      "validate_xml",
      "preview_change",
    ]);
    const faces = panel(page).locator('li[data-tool="find_faces"]');
    await faces.getByRole("button", { name: "find_faces" }).click();
    expect(await faces.locator("pre").nth(1).textContent()).toContain(
      '"additionalProperties": false',
    );
    await faces.getByLabel("Arguments for find_faces").fill('{"orientation":"top"}');
    await faces.getByRole("button", { name: "Run" }).click();
    const result = faces.getByLabel("Result of find_faces");
    await expect.poll(() => result.textContent()).toContain('"face:e1:top"');
    expect(await faces.getByTestId("try-time").textContent()).toMatch(/ms|s/);
    await shot(page, "assistant-06-tools");

    // preview_change by hand makes a preview card like the assistant's.
    const pc = panel(page).locator('li[data-tool="preview_change"]');
    await pc.getByRole("button", { name: "preview_change" }).click();
    await pc
      .getByLabel("Arguments for preview_change")
      .fill(JSON.stringify({ xml: withFeatures("", 11), summary: "11 mm tall, by hand" }));
    await pc.getByRole("button", { name: "Run" }).click();
    await expect
      .poll(() => pc.getByLabel("Result of preview_change").textContent())
      .toContain('"changeId": "c6"');
    await panel(page).getByRole("tab", { name: "Assistant" }).click();
    const c6 = log(page).getByRole("article", { name: "Proposed change c6" });
    expect(await c6.getAttribute("data-status")).toBe("awaiting_user");
    await expect.poll(async () => (await ghost(page))?.changeId).toBe("c6");
    await panel(page).getByRole("tab", { name: "Tools" }).click();

    // A disabled tool is not offered to the model (T0).
    await panel(page).getByLabel("Enable find_edges").uncheck();
    const srv = await connect(page, [textReply("OK.")]);
    await panel(page).getByRole("tab", { name: "Assistant" }).click();
    await ask(page, "Which tools do you have?");
    await waitAnswered(page);
    const offered = srv.requests[0]!.body.tools.map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(offered).not.toContain("find_edges");
    expect(offered).toHaveLength(5);
    await panel(page).getByRole("tab", { name: "Tools" }).click();
    await panel(page).getByLabel("Enable find_edges").check();
    await panel(page).getByRole("tab", { name: "Assistant" }).click();
  });

  it("keeps one conversation per document across a reload", async () => {
    const { page } = s;
    const count = await log(page).locator('[data-role="user"]').count();
    expect(count).toBeGreaterThan(3);
    await page.reload();
    await page.getByRole("tree", { name: "Features" }).waitFor();
    await settle(page);
    await expect.poll(() => log(page).locator('[data-role="user"]').count()).toBe(count);
    const applied = log(page).getByRole("article", { name: "Proposed change c1" });
    expect(await applied.getAttribute("data-status")).toBe("applied");
    // Previews do not survive a reload: an unapplied one can no longer be applied.
    const byHand = log(page).getByRole("article", { name: "Proposed change c6" });
    expect(await byHand.getAttribute("data-status")).toBe("expired");
    expect(await byHand.getByRole("button", { name: "Apply" }).count()).toBe(0);
    await panel(page).getByRole("button", { name: "New conversation" }).click();
    expect(await log(page).locator('[data-role="user"]').count()).toBe(0);
  });

  it("the API key appears in no request but the endpoint's, nor in the document or URL", async () => {
    const { page } = s;
    await page.waitForTimeout(200);
    const endpointOrigin = /^http:\/\/127\.0\.0\.1:\d+\/v1\//;
    const relay = `${s.served.url}relay/`;
    const carrying = seen.filter(
      (r) =>
        JSON.stringify(r.headers).includes(KEY) ||
        (r.body ?? "").includes(KEY) ||
        r.url.includes(KEY),
    );
    expect(carrying.length).toBeGreaterThan(0);
    for (const r of carrying) {
      expect(endpointOrigin.test(r.url) || r.url.startsWith(relay), r.url).toBe(true);
      expect(r.url).not.toContain(KEY);
      expect(r.body ?? "").not.toContain(KEY);
      expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    }
    expect(page.url()).not.toContain(KEY);
    expect(await page.evaluate(() => window.kerf!.text())).not.toContain(KEY);
    expect(s.errors.filter((e) => e.includes(KEY))).toEqual([]);
  });
});
