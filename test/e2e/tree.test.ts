/**
 * The feature tree end to end on the bracket example: rename, suppress, reorder (refused when it
 * would put a feature before what it uses, D5.3), the rollback bar (view state, D7.3), delete with
 * a warning about dependents, and a broken reference with suggestions.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLES, openApp, type Session } from "./support/app.ts";
import {
  clickWorld,
  openFile,
  poll,
  settle,
  shot,
  state,
  treeIds,
  treeItem,
  view,
} from "./support/ui.ts";

let s: Session;
let full: number;

beforeAll(async () => {
  s = await openApp({ assistant: false });
  await openFile(
    s.page,
    "bracket.kerf.xml",
    readFileSync(join(EXAMPLES, "bracket.kerf.xml"), "utf8"),
  );
  await s.page.getByRole("tree", { name: "Features" }).waitFor();
  full = (await settle(s.page)).volume!;
}, 300_000);

afterAll(async () => {
  await s?.close();
});

const text = () => s.page.evaluate(() => window.kerf!.text()!);

describe("feature tree", () => {
  it("lists every feature as a treeitem with its id", async () => {
    expect(await treeIds(s.page)).toEqual(["s1", "e1", "s2", "e2", "f1"]);
    const items = s.page.getByRole("treeitem");
    expect(await items.count()).toBe(5);
    expect(await items.nth(3).textContent()).toContain("e2");
    await shot(s.page, "10-bracket");
  });

  it("renames a feature (one undo step)", async () => {
    const { page } = s;
    await page.getByRole("button", { name: "Rename e1" }).click({ force: true });
    const input = page.getByLabel("Name of e1");
    await input.fill("Base plate");
    await input.press("Enter");
    await poll(async () => (await treeItem(page, "e1")).textContent()).toContain("Base plate");
    expect(await text()).toContain('name="Base plate"');
    await page.getByRole("button", { name: "Undo" }).click();
    await poll(text).not.toContain("Base plate");
  });

  it("suppresses and unsuppresses a feature", async () => {
    const { page } = s;
    await page.getByRole("button", { name: "Suppress e2" }).click({ force: true });
    let st = await settle(page);
    expect(st.features.find((f) => f.id === "e2")?.status).toBe("suppressed");
    expect(st.volume).toBeGreaterThan(full); // the holes are gone
    await page.getByRole("button", { name: "Unsuppress e2" }).click({ force: true });
    st = await settle(page);
    expect(st.volume).toBeCloseTo(full, 3);
  });

  it("[D5.3] refuses to drag a feature before one it uses", async () => {
    const { page } = s;
    const before = await text();
    await (
      await treeItem(page, "e1")
    ).dragTo(await treeItem(page, "s1"), { targetPosition: { x: 40, y: 4 } });
    await poll(() => page.getByRole("status").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("Cannot move e1")]),
    );
    expect(await text()).toBe(before);
    expect(await treeIds(page)).toEqual(["s1", "e1", "s2", "e2", "f1"]);
  });

  it("reorders when the order stays valid", async () => {
    const { page } = s;
    await (
      await treeItem(page, "f1")
    ).dragTo(await treeItem(page, "s2"), { targetPosition: { x: 40, y: 4 } });
    await poll(() => treeIds(page)).toEqual(["s1", "e1", "f1", "s2", "e2"]);
    const st = await settle(page);
    expect(st.features.every((f) => f.status === "ok")).toBe(true);
    await page.keyboard.press("Control+z");
    await poll(() => treeIds(page)).toEqual(["s1", "e1", "s2", "e2", "f1"]);
  });

  it("[D7.3] rolls back the view without touching the document", async () => {
    const { page } = s;
    const before = await text();
    await page.getByRole("button", { name: "Roll back one feature" }).click();
    await page.getByRole("button", { name: "Roll back one feature" }).click();
    const st = await settle(page);
    expect(st.features.map((f) => f.id)).toEqual(["s1", "e1", "s2"]);
    expect(st.volume).toBeGreaterThan(full);
    expect(await text()).toBe(before);
    await shot(page, "11-rollback");
    await page.getByRole("button", { name: "Roll to end" }).click();
    expect((await settle(page)).volume).toBeCloseTo(full, 3);
  });

  it("warns about dependents before deleting", async () => {
    const { page } = s;
    await page.getByRole("button", { name: "Delete e1" }).click({ force: true });
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const t = (await dialog.textContent()) ?? "";
    for (const id of ["s2", "e2", "f1"]) expect(t).toContain(id);
    await shot(page, "12-delete-warning");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await treeIds(page)).toEqual(["s1", "e1", "s2", "e2", "f1"]);
    // A feature nothing uses goes without a question; undo brings it back.
    await page.getByRole("button", { name: "Delete f1" }).click({ force: true });
    await poll(() => treeIds(page)).toEqual(["s1", "e1", "s2", "e2"]);
    await page.keyboard.press("Control+z");
    await poll(() => treeIds(page)).toEqual(["s1", "e1", "s2", "e2", "f1"]);
  });

  it("shows a broken reference with suggestions, and a re-pick in the viewport repairs it", async () => {
    const { page } = s;
    // A ref that parses and names existing faces, but no edge lies between them (REF_NOT_FOUND).
    const xml = readFileSync(join(EXAMPLES, "bracket.kerf.xml"), "utf8")
      .replace('name="Angle bracket"', 'name="Broken bracket"')
      .replace("edge:e1:side:p1.2|e1:side:p1.3", "edge:e1:side:p1.0|e1:side:p1.3");
    await page.getByRole("button", { name: "Documents" }).click();
    await openFile(page, "broken-bracket.kerf.xml", xml);
    await page.getByRole("tree", { name: "Features" }).waitFor();
    let st = await settle(page);
    const f1 = st.features.find((f) => f.id === "f1")!;
    expect(f1.status).toBe("error");
    expect(f1.error).toMatch(/^REF_NOT_FOUND/);
    const item = await treeItem(page, "f1");
    expect(await item.getByRole("alert").textContent()).toContain("REF_NOT_FOUND");
    await item.click();
    const props = page.getByRole("region", { name: "Properties" });
    await poll(() => props.textContent()).toContain("broken");
    expect(await props.textContent()).toContain("Suggestions");
    await shot(page, "13-broken-reference");

    await props.getByRole("button", { name: "Re-pick edge:e1:side:p1.0|e1:side:p1.3" }).click();
    await view(page, "Iso");
    await clickWorld(page, [6, 0, 6]);
    st = await settle(page);
    expect(st.features.find((f) => f.id === "f1")?.status).toBe("ok");
    expect(await text()).toContain('edges="edge:e1:side:p1.2|e1:side:p1.3"');
    expect(st.volume).toBeCloseTo(full, 3);
  });

  it("reports no page errors", async () => {
    expect((await state(s.page)).kernel).toBe("ready");
    expect(s.errors).toEqual([]);
  });
});
