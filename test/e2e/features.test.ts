/**
 * Creating features end to end: a sketch on a selected planar face with a circle cut through,
 * entities edited by number and deleted, polyline/arc tools, a revolve, a chamfer from picked
 * edges and a shell from a picked face, each previewed live and committed as one undo step.
 */
import { describe, expect, it } from "vitest";
import { useApp } from "./support/app.ts";
import {
  clickWorld,
  drawRectXY,
  finishSketch,
  newDocument,
  poll,
  setParam,
  settle,
  shot,
  startSketch,
  state,
  treeIds,
  view,
  viewIdle,
} from "./support/ui.ts";

const s = useApp({ assistant: false });

const text = () => s.page.evaluate(() => window.kerf!.text()!);

describe("creating features", () => {
  it("extrudes a 40×20 rectangle 10 mm", async () => {
    const { page } = s;
    await newDocument(page);
    await startSketch(page, "XY");
    await drawRectXY(page, [-20, -10], [20, 10]);
    await finishSketch(page);
    await page.getByRole("button", { name: "Extrude" }).click();
    await page.getByRole("button", { name: "OK" }).click();
    expect((await settle(page)).volume).toBeCloseTo(8000, 3);
  });

  it("edits sketch entities by number, with live rebuilds", async () => {
    const { page } = s;
    await page.locator('[role="treeitem"][data-feature-id="s1"]').dblclick();
    await page.getByRole("toolbar", { name: "Sketch tools" }).waitFor();
    await page.getByRole("list", { name: "Sketch entities" }).getByRole("button").first().click();
    const panel = page.getByRole("region", { name: "Sketch" });
    const width = panel.getByLabel("Width", { exact: true });
    await width.fill("50");
    await width.press("Enter");
    await poll(text).toContain('width="50"');
    await finishSketch(page);
    expect((await settle(page)).volume).toBeCloseTo(50 * 20 * 10, 3);
    await page.keyboard.press("Control+z");
    expect((await settle(page)).volume).toBeCloseTo(8000, 3);
  });

  it("sketches a circle on the selected top face and cuts a hole through", async () => {
    const { page } = s;
    await view(page, "Iso");
    await clickWorld(page, [10, 5, 10]);
    expect((await state(page)).selection).toEqual(["face:e1:top"]);
    await page.getByRole("button", { name: "Sketch", exact: true }).click();
    await page.getByRole("menuitem", { name: /selected planar face/ }).click();
    await page.getByRole("toolbar", { name: "Sketch tools" }).waitFor();
    await viewIdle(page);
    await page.getByRole("button", { name: "Circle", exact: true }).click();
    // The top face's frame (D4.1) is the XY frame lifted to z = 10.
    await clickWorld(page, [0, 0, 10]);
    await clickWorld(page, [4, 0, 10]);
    await poll(text).toContain('<circle id="c1" cx="0" cy="0" r="4"/>');
    await shot(page, "14-sketch-on-face");
    await finishSketch(page);
    expect(await text()).toContain('plane="face:e1:top"');
    await page.getByRole("button", { name: "Extrude" }).click();
    const props = page.getByRole("region", { name: "Properties" });
    await props.getByLabel("Extent").selectOption("throughAll");
    await props.getByLabel("Direction").selectOption("reverse");
    await props.getByLabel("Operation").selectOption("cut");
    await settle(page);
    await page.getByRole("button", { name: "OK" }).click();
    const st = await settle(page);
    expect(st.features.map((f) => f.status)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(st.volume).toBeCloseTo(8000 - Math.PI * 16 * 10, 1);
    expect(await treeIds(page)).toEqual(["s1", "e1", "s2", "e2"]);
  });

  it("shells the body, opening the picked front face", async () => {
    const { page } = s;
    await view(page, "Front");
    // Pick the front face, then the shell opens it.
    await clickWorld(page, [0, -10, 5]);
    expect((await state(page)).selection).toEqual(["face:e1:side:r1.bottom"]);
    await page.getByRole("button", { name: "Shell" }).click();
    await setParam(page, "Thickness", "1");
    await page.getByRole("button", { name: "OK" }).click();
    const st = await settle(page);
    expect(st.features.at(-1)).toMatchObject({ status: "ok" });
    expect(st.volume).toBeLessThan(3000);
    await view(page, "Iso");
    await shot(page, "15-shell");
    await page.keyboard.press("Control+z");
    await settle(page);
  });

  it("chamfers picked edges (Shift-click adds)", async () => {
    const { page } = s;
    await page.keyboard.press("Escape");
    await clickWorld(page, [0, -10, 10]);
    await clickWorld(page, [20, 0, 10], ["Shift"]);
    expect((await state(page)).selection).toEqual([
      "edge:e1:side:r1.bottom|e1:top",
      "edge:e1:side:r1.right|e1:top",
    ]);
    await page.getByRole("button", { name: "Chamfer" }).click();
    await setParam(page, "Distance", "1");
    await page.getByRole("button", { name: "OK" }).click();
    const st = await settle(page);
    expect(st.features.at(-1)).toMatchObject({ id: "k1", status: "ok" });
    // Each 1 mm chamfer removes 0.5 mm² along its edge; where the two meet, the removed wedges
    // overlap by 1/3 mm³ (counted twice).
    expect(st.volume).toBeCloseTo(8000 - Math.PI * 160 - 0.5 * (40 + 20) + 1 / 3, 1);
  });

  it("revolves a sketch about its y axis", async () => {
    const { page } = s;
    await page.getByRole("button", { name: "Documents" }).click();
    await newDocument(page);
    await startSketch(page, "XZ");
    await page.getByRole("button", { name: "Rectangle", exact: true }).click();
    // On XZ the sketch frame is x → X, y → Z.
    await clickWorld(page, [10, 0, 0]);
    await clickWorld(page, [20, 0, 10]);
    await finishSketch(page);
    await page.getByRole("button", { name: "Revolve" }).click();
    await page.getByRole("region", { name: "Properties" }).getByLabel("Axis").selectOption("y");
    await setParam(page, "Angle", "270");
    await settle(page);
    await shot(page, "16-revolve-preview");
    await page.getByRole("button", { name: "OK" }).click();
    const st = await settle(page);
    expect(st.features.map((f) => f.status)).toEqual(["ok", "ok"]);
    // Pappus: area × path of the centroid (radius 15) × 3/4 turn.
    expect(st.volume).toBeCloseTo(100 * 2 * Math.PI * 15 * 0.75, 0);
  });

  it("draws with the polyline, line and arc tools and deletes a selected entity", async () => {
    const { page } = s;
    await startSketch(page, "XY");
    await page.getByRole("button", { name: "Polyline", exact: true }).click();
    for (const p of [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 0],
    ] as const) {
      await clickWorld(page, [p[0], p[1], 0]);
    }
    await poll(text).toContain('points="0,0 10,0 10,10" closed="true"');
    // Points on a 10 mm grid stay put whatever grid step the zoom level gives (1, 2, 5 or 10).
    await page.getByRole("button", { name: "Arc", exact: true }).click();
    await clickWorld(page, [0, -10, 0]);
    await clickWorld(page, [10, -10, 0]);
    await clickWorld(page, [0, 0, 0]);
    await poll(text).toContain('<arc id="a1" cx="0" cy="-10" r="10" start="0" end="90"/>');
    await page.getByRole("button", { name: "Line", exact: true }).click();
    await clickWorld(page, [-10, -10, 0]);
    await clickWorld(page, [-20, -10, 0]);
    await page.keyboard.press("Escape");
    await poll(text).toContain('<line id="l1" x1="-10" y1="-10" x2="-20" y2="-10"/>');
    await shot(page, "17-sketch-tools");
    await page.getByRole("button", { name: "Select", exact: true }).click();
    await clickWorld(page, [-15, -10, 0]);
    await page.keyboard.press("Delete");
    await poll(text).not.toContain("<line");
    await page.keyboard.press("Control+z");
    await poll(text).toContain("<line");
    await finishSketch(page);
  });

  it("reports no page errors", () => {
    expect(s.errors).toEqual([]);
  });
});
