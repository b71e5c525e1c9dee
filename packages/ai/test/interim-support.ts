// INTERIM: a session without kernel work, only until the real kernel lands; replaced by support.ts.
import type { BuildResult } from "@kerf/kernel";
import { PreviewStore, type Session } from "../src/index.ts";

export function staticSession(): Session {
  const build: BuildResult = {
    features: [],
    body: null,
    mesh: null,
    topology: { faces: [], edges: [], aliases: {}, retired: {} },
    timings: { totalMs: 0 },
  };
  return {
    kernel: undefined as never,
    previews: new PreviewStore(),
    previewMesh: false,
    document: () => ({ text: "<model/>", revision: "r1" }),
    currentBuild: async () => build,
    selection: () => ({ refs: [], revision: 0 }),
    commit: () => {},
  };
}
