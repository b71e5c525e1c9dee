/**
 * Real geometry for the AI tests: one in-process OpenCascade kernel per test file (guide habit 9)
 * and sessions over the example models. No kernel doubles anywhere.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { createInProcessKernel, type KernelClient } from "@kerf/kernel";
import { createNodeSession, type NodeSession } from "../src/index.ts";

export type ExampleName = "bracket" | "plate" | "knob";

/** The text of examples/<name>.kerf.xml. */
export function example(name: ExampleName): string {
  return readFileSync(new URL(`../../../examples/${name}.kerf.xml`, import.meta.url), "utf8");
}

export interface KernelFixture {
  /** The file's kernel (valid inside tests and their hooks). */
  readonly kernel: KernelClient;
  /** A fresh session on an example model or on document text. */
  session(model: ExampleName | string, selection?: readonly string[]): NodeSession;
}

/** Call once per test file (module scope): loads one kernel before the tests, disposes it after. */
export function useKernel(): KernelFixture {
  let kernel: KernelClient | undefined;
  beforeAll(async () => {
    kernel = await createInProcessKernel();
  });
  afterAll(async () => {
    await kernel?.dispose();
  });
  const fixture: KernelFixture = {
    get kernel() {
      if (!kernel)
        throw new Error("useKernel: the kernel is not loaded yet (use it inside a test)");
      return kernel;
    },
    session(model, selection = []) {
      const text = model.trimStart().startsWith("<") ? model : example(model as ExampleName);
      return createNodeSession(text, fixture.kernel, selection);
    },
  };
  return fixture;
}

/**
 * A plate of `nx` × `ny` round holes (a real body with many faces and edges): 6 + nx·ny faces.
 */
export function holePlate(nx: number, ny: number, pitch = 6, r = 2): string {
  const w = nx * pitch;
  const h = ny * pitch;
  const circles: string[] = [];
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++)
      circles.push(
        `      <circle id="h${i}_${j}" cx="${(i + 0.5) * pitch}" cy="${(j + 0.5) * pitch}" r="${r}"/>`,
      );
  return `<model version="1" units="mm" name="Hole plate ${nx}x${ny}">
  <features>
    <sketch id="s1" plane="XY">
      <rect id="r1" x="0" y="0" width="${w}" height="${h}"/>
${circles.join("\n")}
    </sketch>
    <extrude id="e1" sketch="s1" distance="4"/>
  </features>
</model>
`;
}
