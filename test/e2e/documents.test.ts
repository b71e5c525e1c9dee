/**
 * Local documents end to end: the list (new, rename, duplicate, delete), opening *.kerf.xml
 * through the "Open" input and by drag-and-drop, refusing an invalid file with its D6 problems,
 * downloading, and opening every example in ../shared/examples.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLES, useApp } from "./support/app.ts";
import { openFile, poll, settle, shot, state, treeIds } from "./support/ui.ts";

const s = useApp({ assistant: false });

async function home(): Promise<void> {
  await s.page.getByRole("button", { name: "Documents" }).click();
  await s.page.getByRole("heading", { name: "Documents" }).waitFor();
}

const docNames = () =>
  s.page
    .getByRole("list", { name: "Documents" })
    .locator(".title")
    .allTextContents()
    .catch(() => [] as string[]);

const examples = readdirSync(EXAMPLES).filter((f) => f.endsWith(".kerf.xml"));

describe("documents", () => {
  it("[D6] refuses an invalid file, lists its problems and touches nothing", async () => {
    const { page } = s;
    const before = await docNames();
    const bad = `<model version="2" units="mm"><features>
      <sketch id="s1" plane="QQ"><rect id="r1" x="0" y="0" width="-4" height="2"/></sketch>
      <extrude id="e1" sketch="s9" distance="+5"/>
    </features></model>`;
    await openFile(page, "broken.kerf.xml", bad);
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain("was not opened");
    expect(text).toContain("BAD_VERSION");
    expect(text).toContain("BAD_VALUE");
    expect(text).toContain("DANGLING_REF");
    await shot(page, "08-invalid-file");
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(await docNames()).toEqual(before);
    expect(page.url()).not.toContain("#/doc/");

    await openFile(page, "garbage.kerf.xml", "<model><features>");
    await page.getByRole("dialog").waitFor();
    expect(await page.getByRole("dialog").textContent()).toContain("XML_PARSE");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    expect(await docNames()).toEqual(before);
  });

  for (const file of examples) {
    it(`opens ${file} and builds every feature`, async () => {
      const { page } = s;
      const text = readFileSync(join(EXAMPLES, file), "utf8");
      if (!page.url().endsWith("#/")) await home();
      await openFile(page, file, text);
      await page.getByRole("tree", { name: "Features" }).waitFor();
      const st = await settle(page);
      const ids = [
        ...text.matchAll(/<(sketch|extrude|revolve|fillet|chamfer|shell) id="([^"]+)"/g),
      ].map((m) => m[2]);
      expect(await treeIds(page)).toEqual(ids);
      expect(st.features.filter((f) => f.status !== "ok")).toEqual([]);
      expect(st.volume).toBeGreaterThan(0);
      await shot(page, `example-${file.replace(".kerf.xml", "")}`);
      await home();
    });
  }

  it("opens a file dropped on the window", async () => {
    const { page } = s;
    const text = readFileSync(join(EXAMPLES, "plate.kerf.xml"), "utf8");
    await page.evaluate((xml) => {
      const dt = new DataTransfer();
      dt.items.add(new File([xml], "dropped.kerf.xml", { type: "application/xml" }));
      window.dispatchEvent(
        new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
      window.dispatchEvent(
        new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    }, text);
    await page.getByRole("tree", { name: "Features" }).waitFor();
    const st = await settle(page);
    expect(st.volume).toBeCloseTo(40 * 20 * 10 - Math.PI * 16 * 10, 1);
  });

  it("downloads the document as the text form", async () => {
    const { page } = s;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Plate with hole.kerf.xml");
    const text = readFileSync(await download.path(), "utf8");
    expect(text).toContain('<extrude id="e1" sketch="s1" distance="10"/>');
    expect(text).toBe(await page.evaluate(() => window.kerf!.text()));
  });

  it("renames, duplicates and deletes documents in the list", async () => {
    const { page } = s;
    await home();
    await page.getByRole("button", { name: "New document" }).first().click();
    await page.getByRole("tree", { name: "Features" }).waitFor();
    await home();
    const names = await docNames();
    const fresh = names.find((n) => /^Part \d+$/.test(n))!;
    expect(fresh).toBeTruthy();

    await page.getByRole("button", { name: `Rename ${fresh}` }).click();
    const input = page.getByLabel("Document name");
    await input.fill("Gearbox cover");
    await input.press("Enter");
    await poll(docNames).toContain("Gearbox cover");

    await page.getByRole("button", { name: "Duplicate Gearbox cover" }).click();
    await poll(docNames).toContain("Gearbox cover (copy)");
    await shot(page, "09-documents");

    await page.getByRole("button", { name: "Delete Gearbox cover (copy)" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await poll(docNames).not.toContain("Gearbox cover (copy)");
    expect(await docNames()).toContain("Gearbox cover");

    // The rename reached the document itself, not only the list.
    await page.getByRole("button", { name: "Open Gearbox cover" }).click();
    await page.getByRole("tree", { name: "Features" }).waitFor();
    expect(await page.evaluate(() => window.kerf!.text())).toContain('name="Gearbox cover"');
  });

  it("reports no page errors", async () => {
    expect((await state(s.page)).kernel).toBe("ready");
    expect(s.errors).toEqual([]);
  });
});
