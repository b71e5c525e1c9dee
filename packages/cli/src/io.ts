import { readFile } from "node:fs/promises";

/** Where a command reads and writes: the process in real use, a recorder in tests. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: (path) => readFile(path, "utf8"),
};
