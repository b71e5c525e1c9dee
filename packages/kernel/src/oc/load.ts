/**
 * Loading OpenCascade (replicad-opencascadejs) once per JS realm and handing it to replicad.
 * The same instance serves every ModelBuilder; replicad keeps it in a module-global (setOC).
 */
import opencascade, { type OpenCascadeInstance } from "replicad-opencascadejs";
import { setOC } from "replicad";
import { ocPrint } from "./print.ts";

export type OC = OpenCascadeInstance;

let loading: Promise<OC> | null = null;

/**
 * Load the WASM module (about 250 ms in Node) and register it with replicad. Later calls return
 * the same instance. `options` are Emscripten module overrides (e.g. `locateFile` in a worker).
 * OpenCascade's stdout never reaches the process's stdout: it goes to ./print.ts.
 */
export function loadOC(options?: Record<string, unknown>): Promise<OC> {
  loading ??= opencascade({ print: ocPrint, ...options }).then((oc) => {
    setOC(oc);
    return oc;
  });
  return loading;
}
