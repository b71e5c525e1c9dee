/**
 * What a `kerf` subcommand is. Each lives in its own file, src/commands/<name>.ts, exporting
 * `command`; main.ts finds it by name, so adding a command is adding that one file. Keep imports
 * at the top of a command file cheap or lazy (`await import(...)` inside `run`): `kerf --help`
 * loads every command to list them.
 */
import { writeFile } from "node:fs/promises";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Io } from "./io.ts";

export interface Command {
  name: string;
  /** One line for `kerf --help`. */
  summary: string;
  /** The usage line(s), as in cli.md. */
  usage: string;
  /** Runs the command; resolves to the exit status (C1: 0 all good, 1 model problems, 2 unusable input). */
  run(args: string[], io: Io): Promise<number>;
}

/** Unusable arguments or input (C1 exit 2): the message is one line that says what to do. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Strict option parsing (node:util parseArgs); a mistake becomes a UsageError naming the usage. */
export function parseCommandArgs<O extends Options>(command: Command, args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    // Node's own message, first sentence: "Unknown option '--jsn'".
    const reason = e instanceof Error ? e.message.split(/\.\s/)[0] : String(e);
    throw new UsageError(`${reason}. Usage: ${command.usage}`);
  }
}

/** The text of a file, or a UsageError that says what to do. */
export async function readInput(io: Io, path: string): Promise<string> {
  try {
    return await io.readFile(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory"
          : (e as Error).message;
    throw new UsageError(`cannot read "${path}" (${why}); check the path.`);
  }
}

/** Writes `data` to `path`, or throws a UsageError ending in `hint` (e.g. "check the --out path"). */
export async function writeOutput(
  path: string,
  data: string | Uint8Array,
  hint = "check the path",
): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (e) {
    const why = (e as { code?: string }).code ?? (e as Error).message;
    throw new UsageError(`cannot write "${path}" (${why}); ${hint}.`);
  }
}
