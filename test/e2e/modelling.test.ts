/**
 * The modelling loop end to end, in Chromium against the built app with the real kernel:
 * new document → sketch a rectangle → extrude → pick the top face → fillet its edges → tree and
 * volume → reload → undo/redo → export STEP and read it back → an impossible fillet.
 */
import { readFileSync } from "node:fs";
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
  treeItem,
  view,
} from "./support/ui.ts";
import { stepVolume } from "./support/step.ts";

const s = useApp({ assistant: false });
const BOX = 40 * 20 * 10;
/**
 * Volume of a 40×20×10 box with its four top edges rounded by r: each edge loses (1 − π/4)r²·L,
 * and at each of the 4 top corners the two removed strips overlap by r³(5/3 − π/2), counted twice.
 */
const filletedTop = (r: number) =>
  BOX - (1 - Math.PI / 4) * r * r * (2 * 40 + 2 * 20) + 4 * r ** 3 * (5 / 3 - Math.PI / 2);

describe("modelling a part", () => {
  it("creates a document, sketches a rectangle and extrudes it", async () => {
    const { page } = s;
    await shot(page, "01-documents-empty");
    await newDocument(page);
    await startSketch(page, "XY");
    await drawRectXY(page, [-20, -10], [20, 10]);
    await page.getByRole("list", { name: "Sketch entities" }).getByText("r1").waitFor();
    await shot(page, "02-sketch-rectangle");
    await finishSketch(page);
    await page.getByRole("button", { name: "Extrude" }).click();
    await setParam(page, "Distance", "10");
    await settle(page);
    await shot(page, "03-extrude-preview");
    await page.getByRole("button", { name: "OK" }).click();
    const st = await settle(page);
    expect(st.features.map((f) => [f.id, f.status])).toEqual([
      ["s1", "ok"],
      ["e1", "ok"],
    ]);
    expect(st.volume).toBeCloseTo(BOX, 3);
    expect(await treeIds(page)).toEqual(["s1", "e1"]);
  });

  it("picks the top face in the viewport and shows its FaceInfo", async () => {
    const { page } = s;
    await view(page, "Iso");
    await clickWorld(page, [0, 0, 10]);
    const st = await state(page);
    expect(st.selection).toEqual(["face:e1:top"]);
    const panel = page.getByRole("region", { name: "Selection" });
    await poll(() => panel.textContent()).toContain("face:e1:top");
    const text = (await panel.textContent()) ?? "";
    expect(text).toContain("planar face");
    expect(text).toContain("800 mm²");
    await shot(page, "04-face-selected");
  });

  it("fillets the top face's edges and shows the tree and volume", async () => {
    const { page } = s;
    await page.getByRole("button", { name: "Fillet" }).click();
    await setParam(page, "Radius", "2");
    await settle(page);
    await page.getByRole("button", { name: "OK" }).click();
    const st = await settle(page);
    expect(st.features.map((f) => f.status)).toEqual(["ok", "ok", "ok"]);
    expect(st.volume).toBeCloseTo(filletedTop(2), 0);
    expect(await treeIds(page)).toEqual(["s1", "e1", "f1"]);
    const item = await treeItem(page, "f1");
    expect(await item.textContent()).toContain("f1");
    await poll(() => page.getByTestId("status-volume").textContent()).toContain("mm³");
    await shot(page, "05-fillet");
  });

  it("finds the document unchanged after a reload", async () => {
    const { page } = s;
    const before = await page.evaluate(() => window.kerf!.text());
    const volume = (await state(page)).volume;
    await page.evaluate(() => window.kerf!.flushed());
    await page.reload();
    const st = await settle(page);
    expect(await page.evaluate(() => window.kerf!.text())).toBe(before);
    expect(st.volume).toBeCloseTo(volume!, 6);
    expect(await treeIds(page)).toEqual(["s1", "e1", "f1"]);
  });

  it("edits a parameter as one undo step, then undoes and redoes", async () => {
    const { page } = s;
    await (await treeItem(page, "e1")).click();
    await setParam(page, "Distance", "15");
    let st = await settle(page);
    expect(st.volume).toBeGreaterThan(filletedTop(2) + 1000);
    await page.locator("body").click({ position: { x: 5, y: 880 } });
    await page.keyboard.press("Control+z");
    st = await settle(page);
    expect(st.volume).toBeCloseTo(filletedTop(2), 0);
    await page.keyboard.press("Control+Shift+z");
    st = await settle(page);
    expect(st.volume).toBeGreaterThan(filletedTop(2) + 1000);
    await page.keyboard.press("Control+z");
    st = await settle(page);
    expect(st.volume).toBeCloseTo(filletedTop(2), 0);
  });

  it("shows an invalid value inline and does not apply it", async () => {
    const { page } = s;
    await (await treeItem(page, "f1")).click();
    const field = page
      .getByRole("region", { name: "Properties" })
      .getByLabel("Radius", { exact: true });
    await field.fill("-3");
    await poll(() => page.getByRole("alert").first().textContent()).toContain("greater than 0");
    await field.press("Enter");
    await shot(page, "06-invalid-value");
    await field.press("Escape");
    const st = await settle(page);
    expect(st.volume).toBeCloseTo(filletedTop(2), 0);
    expect(await page.evaluate(() => window.kerf!.text())).toContain('radius="2"');
  });

  it("exports STEP that reads back with the same volume", async () => {
    const { page } = s;
    const volume = (await state(page)).volume!;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export STEP" }).click(),
    ]);
    const path = await download.path();
    expect(download.suggestedFilename()).toMatch(/\.step$/);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 13).toString()).toBe("ISO-10303-21;");
    expect(await stepVolume(bytes)).toBeCloseTo(volume, 0);
  });

  it("exports STL", async () => {
    const { page } = s;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export STL" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.stl$/);
    expect(readFileSync(await download.path()).length).toBeGreaterThan(84);
  });

  it("says clearly why an impossible fillet fails and keeps the last good geometry", async () => {
    const { page } = s;
    const good = (await state(page)).volume!;
    await (await treeItem(page, "f1")).click();
    await setParam(page, "Radius", "50");
    const st = await settle(page);
    const f1 = st.features.find((f) => f.id === "f1")!;
    expect(f1.status).toBe("error");
    expect(st.volume).toBeCloseTo(BOX, 0); // the body as it stands without f1 (D5.4)
    const item = await treeItem(page, "f1");
    await poll(() => item.getByRole("alert").textContent()).toMatch(/\w{4,}/);
    await shot(page, "07-fillet-error");
    await page.keyboard.press("Control+z");
    expect((await settle(page)).volume).toBeCloseTo(good, 0);
  });

  it("reports no page errors", () => {
    expect(s.errors).toEqual([]);
  });
});
