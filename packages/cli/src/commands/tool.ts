/**
 * `kerf tool <model.kerf.xml> <tool-name> [JSON-ARGS] [--select REF]...` (cli.md C3): runs one of
 * the six AI tools (ai.md T1) on the built model through the same runner as the chat loop
 * (argument checks L3, timeout) and prints its T0 envelope as one line of JSON.
 * Exit status (C1): 0 the tool answered ok: true; 1 ok: false (the envelope is still printed);
 * 2 unusable arguments (unknown tool, JSON-ARGS that do not parse or do not match the schema,
 * a bad --select) or an unreadable file.
 */
import { parseCommandArgs, UsageError, type Command } from "../command.ts";
import { checkSelection, openModel } from "./tool.shared.ts";

export const command: Command = {
  name: "tool",
  summary: "run one AI tool (find_faces, get_geometry, …) on a model and print its JSON envelope",
  usage: "kerf tool <model.kerf.xml> <tool-name> [JSON-ARGS] [--select REF]...",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(this, args, {
      select: { type: "string", multiple: true },
    });
    if (positionals.length < 2 || positionals.length > 3) {
      throw new UsageError(
        `give a model file, a tool name and optional JSON arguments. Usage: ${this.usage}`,
      );
    }
    const [file, name, json = ""] = positionals as [string, string, string?];
    const { defaultTools, ToolRunner } = await import("@kerf/ai");
    const names = defaultTools.map((t) => t.name);
    if (!names.includes(name)) {
      throw new UsageError(`unknown tool "${name}"; use one of: ${names.join(", ")}.`);
    }
    const selection = checkSelection(values.select ?? [], this.usage);

    const { session, kernel } = await openModel(io, file, selection);
    try {
      const runner = new ToolRunner(session, defaultTools);
      const outcome = await runner.run({ name, arguments: json }, new AbortController().signal);
      const { result } = outcome;
      if (!result.ok && result.error.code === "INVALID_ARGUMENTS" && outcome.invalid) {
        const issues = (result.error.issues as { path: string; message: string }[])
          .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
          .join("; ");
        throw new UsageError(`JSON-ARGS do not fit ${name}: ${issues}. Usage: ${this.usage}`);
      }
      io.stdout(`${JSON.stringify(result)}\n`);
      return result.ok ? 0 : 1;
    } finally {
      await kernel.dispose();
    }
  },
};
