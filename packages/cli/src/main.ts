/**
 * `kerf <command> …` (../shared/spec/cli.md): finds src/commands/<command>.ts and runs it.
 * Usage mistakes and unreadable files exit 2 with one line on stderr (C1).
 */
import { readdirSync } from "node:fs";
import { UsageError, type Command } from "./command.ts";
import { processIo, type Io } from "./io.ts";

const COMMANDS_DIR = new URL("./commands/", import.meta.url);
const COMMAND_FILE = /^([a-z][a-z0-9-]*)\.ts$/;

/** Names of the commands there are (one file each in src/commands). */
export function commandNames(): string[] {
  return readdirSync(COMMANDS_DIR)
    .map((f) => COMMAND_FILE.exec(f)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort();
}

export async function loadCommand(name: string): Promise<Command | undefined> {
  if (!commandNames().includes(name)) return undefined;
  const mod = (await import(new URL(`${name}.ts`, COMMANDS_DIR).href)) as { command?: Command };
  return mod.command;
}

async function help(io: Io): Promise<void> {
  const lines = ["Usage: kerf <command> [arguments]", "", "Commands:"];
  for (const name of commandNames()) {
    const c = await loadCommand(name);
    if (c) lines.push(`  ${c.usage}`, `      ${c.summary}`);
  }
  io.stdout(`${lines.join("\n")}\n`);
}

/** Runs `kerf` with the given arguments; resolves to the exit status. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...args] = argv;
  try {
    if (name === "--help" || name === "-h" || name === "help") {
      await help(io);
      return 0;
    }
    if (name === undefined) {
      throw new UsageError(
        `give a command: ${commandNames().join(", ")} (kerf --help lists them).`,
      );
    }
    const command = await loadCommand(name);
    if (!command)
      throw new UsageError(`unknown command "${name}"; use one of: ${commandNames().join(", ")}.`);
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`kerf${name && !name.startsWith("-") ? ` ${name}` : ""}: ${e.message}\n`);
      return 2;
    }
    const message = e instanceof Error ? (e.stack ?? e.message) : String(e);
    io.stderr(`kerf: unexpected error (a bug, please report it): ${message}\n`);
    return 2;
  }
}
