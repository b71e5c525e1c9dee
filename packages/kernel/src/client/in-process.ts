/**
 * The KernelClient that runs in the calling thread (Node: the CLI, the AI tools' tests; the Web
 * Worker host uses the same KernelService). OpenCascade loads once per process (oc/load.ts).
 */
import { loadOC } from "../oc/load.ts";
import type { KernelClient } from "../types.ts";
import { KernelService } from "./service.ts";

export async function createInProcessKernel(): Promise<KernelClient> {
  const service = new KernelService(await loadOC());
  return {
    build: (model, options) => service.build(model, options),
    exportStep: (model) => service.exportStep(model),
    exportStl: (model) => service.exportStl(model),
    dispose: () => service.dispose(),
  };
}
