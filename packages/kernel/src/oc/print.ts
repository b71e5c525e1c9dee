/**
 * Where OpenCascade's console output goes (cli.md C5: `kerf build --json` stdout stays clean JSON
 * whatever the kernel prints).
 *
 * TRAP (replicad-opencascadejs 1.1.0): Emscripten binds its stdout writer once, at start-up, to
 * `Module.print` or else `console.log.bind(console)`; replacing `console.log` later changes
 * nothing. OpenCascade writes to std::cout on its own (the STEP writer prints "Statistics on
 * Transfer" on every export), so loadOC passes a `print` that forwards here: every line goes to
 * the current sink, which by default drops it (set KERF_OC_LOG=1 to see it on stderr).
 */

export type PrintSink = (line: string) => void;

const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;

const DEFAULT_SINK: PrintSink =
  env?.KERF_OC_LOG === "1" ? (line) => console.error(`[occ] ${line}`) : () => {};

let sink: PrintSink = DEFAULT_SINK;

/** The `print` handed to the Emscripten module: forwards to the current sink. */
export function ocPrint(line: string): void {
  sink(line);
}

/** Run `fn` with OpenCascade's stdout lines collected; returns its result and the lines. */
export function captureOcOutput<T>(fn: () => T): { value: T; lines: string[] } {
  const lines: string[] = [];
  const previous = sink;
  sink = (line) => lines.push(line);
  try {
    return { value: fn(), lines };
  } finally {
    sink = previous;
  }
}
