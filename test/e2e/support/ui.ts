/** UI steps shared by the end-to-end scenarios: what a user does, through the page. */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SCREENSHOTS } from "./app.ts";

export type Vec3 = [number, number, number];

export interface AppState {
  doc: string | null;
  features: { id: string; status: string; error?: string }[];
  volume: number | null;
  selection: string[];
  building: boolean;
  kernel: string;
}

/** `expect.poll` with a timeout for a slow, shared machine (vitest's default is 1 s). */
export const poll = <T>(fn: () => T | Promise<T>) =>
  expect.poll(fn, { timeout: 30_000, interval: 100 });

export async function state(page: Page): Promise<AppState> {
  return page.evaluate(() => window.kerf!.state());
}

/** Wait until the kernel is idle and the newest build result is shown. */
export async function settle(page: Page, timeout = 90_000): Promise<AppState> {
  await page.waitForFunction(() => !!window.kerf, undefined, { timeout });
  let quiet = 0;
  const t0 = Date.now();
  for (;;) {
    const s = await state(page);
    quiet = !s.building && s.kernel === "ready" ? quiet + 1 : 0;
    if (quiet >= 3) return s;
    if (Date.now() - t0 > timeout) throw new Error(`app did not settle: ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}

export async function newDocument(page: Page): Promise<void> {
  await page.getByRole("button", { name: "New document" }).first().click();
  await page.getByRole("tree", { name: "Features" }).waitFor();
  await settle(page);
}

/** Client coordinates of a world point. */
export async function screenOf(page: Page, p: Vec3): Promise<{ x: number; y: number }> {
  return page.evaluate((q) => window.kerf!.project(q), p);
}

export async function clickWorld(
  page: Page,
  p: Vec3,
  modifiers: ("Shift" | "Alt")[] = [],
): Promise<void> {
  const s = await screenOf(page, p);
  await page.mouse.move(s.x, s.y);
  for (const m of modifiers) await page.keyboard.down(m);
  await page.mouse.down();
  await page.mouse.up();
  for (const m of modifiers) await page.keyboard.up(m);
}

/** Wait until the camera is still and every requested frame has been drawn. */
export async function viewIdle(page: Page, timeout = 30_000): Promise<void> {
  // Two animation frames first, so that a camera move started by the last action has begun.
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );
  await page.waitForFunction(() => window.kerf!.viewIdle(), undefined, { timeout });
}

/** Click a view button (Front, Top, Right, Iso) and wait for the camera to get there. */
export async function view(page: Page, name: "Front" | "Top" | "Right" | "Iso"): Promise<void> {
  await page.getByRole("button", { name: `${name} view` }).click();
  await viewIdle(page);
}

/** Start a sketch on a base plane and wait for the camera to face it. */
export async function startSketch(page: Page, plane: "XY" | "XZ" | "YZ"): Promise<void> {
  await page.getByRole("button", { name: "Sketch", exact: true }).click();
  await page.getByRole("menuitem", { name: new RegExp(`^${plane}`) }).click();
  await page.getByRole("toolbar", { name: "Sketch tools" }).waitFor();
  await viewIdle(page);
}

/** Draw a rectangle on an XY sketch by clicking its corners (world = sketch coordinates on XY). */
export async function drawRectXY(
  page: Page,
  a: [number, number],
  b: [number, number],
): Promise<void> {
  await page.getByRole("button", { name: "Rectangle", exact: true }).click();
  await clickWorld(page, [a[0], a[1], 0]);
  await clickWorld(page, [b[0], b[1], 0]);
}

export async function finishSketch(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Finish sketch" }).first().click();
  await page.getByRole("toolbar", { name: "Sketch tools" }).waitFor({ state: "detached" });
}

/** Set a numeric parameter in the properties panel (Enter commits). */
export async function setParam(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByRole("region", { name: "Properties" }).getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press("Enter");
}

export async function treeItem(page: Page, id: string) {
  return page.locator(`[role="treeitem"][data-feature-id="${id}"]`);
}

export async function treeIds(page: Page): Promise<string[]> {
  return page
    .locator('[role="treeitem"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-feature-id") ?? ""));
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.mouse.move(2, 2);
  if (await page.evaluate(() => !!window.kerf)) await viewIdle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** A file chosen through the "Open" file input. */
export async function openFile(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByLabel("Open", { exact: true })
    .first()
    .setInputFiles({ name, mimeType: "application/xml", buffer: Buffer.from(text) });
}
