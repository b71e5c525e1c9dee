import type { Io } from "./io.ts";

/** An Io that records output and reads files from a map (for command tests). */
export function recordingIo(files: Record<string, string> = {}): Io & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    async readFile(path: string): Promise<string> {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
      return text;
    },
  };
  return io;
}
