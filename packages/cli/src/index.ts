export { main, commandNames, loadCommand } from "./main.ts";
export { UsageError, parseCommandArgs, readInput, type Command } from "./command.ts";
export { processIo, type Io } from "./io.ts";
