import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { commandNames, loadCommand, main } from "./main.ts";
import { recordingIo } from "./testing.ts";

const BIN = fileURLToPath(new URL("../bin/kerf.mjs", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../../examples/bracket.kerf.xml", import.meta.url));

describe("kerf", () => {
  it("finds commands by file name in src/commands", async () => {
    expect(commandNames()).toContain("validate");
    expect(commandNames().some((n) => n.includes("."))).toBe(false);
    expect((await loadCommand("validate"))?.name).toBe("validate");
    expect(await loadCommand("../main")).toBeUndefined();
  });

  it("[C1] no command or an unknown one exits 2 with one line on stderr", async () => {
    for (const argv of [[], ["frobnicate"]]) {
      const io = recordingIo();
      expect(await main(argv, io)).toBe(2);
      expect(io.err.trimEnd().split("\n")).toHaveLength(1);
      expect(io.err).toMatch(/validate/);
    }
  });

  it("--help lists every command's usage and exits 0", async () => {
    const io = recordingIo();
    expect(await main(["--help"], io)).toBe(0);
    expect(io.out).toContain("kerf validate <model.kerf.xml> [--json]");
  });

  it("[C1] the bin script runs the TypeScript sources (what npx kerf runs)", () => {
    const ok = spawnSync(process.execPath, [BIN, "validate", EXAMPLE], { encoding: "utf8" });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe("valid: 0 errors, 0 warnings\n");
    const missing = spawnSync(process.execPath, [BIN, "validate", "/nonexistent/x.kerf.xml"], {
      encoding: "utf8",
    });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
