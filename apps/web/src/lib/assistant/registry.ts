/**
 * One Assistant per Workbench, found from anywhere that has the workbench (the panel, the
 * viewport's ghost) without adding a field to the Workbench class.
 */
import type { Workbench } from "../app/workbench.svelte.ts";
import { createKernelClient } from "../kernel/create-client.ts";
import { Assistant } from "./assistant.svelte.ts";
import { browserStore } from "./settings.ts";

const assistants = new WeakMap<Workbench, Assistant>();

export function assistantOf(wb: Workbench): Assistant {
  let a = assistants.get(wb);
  if (!a) {
    // Previews build on a kernel client of their own (a second worker): see
    // docs/decisions/assistant.md. Its loading progress is not shown; the live kernel's is.
    a = new Assistant(wb, () => createKernelClient(() => undefined), browserStore());
    assistants.set(wb, a);
  }
  return a;
}
