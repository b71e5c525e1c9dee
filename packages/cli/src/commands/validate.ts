/**
 * `kerf validate <model.kerf.xml> [--json]`: D6 static validation. Exit 0 when valid (warnings
 * allowed), 1 when not (C1). `--json` prints the validate_xml data (ai.md T1).
 */
import { validate, type Problem } from "@kerf/document";
import { parseCommandArgs, readInput, UsageError, type Command } from "../command.ts";

function line(p: Problem): string {
  return `${p.line ?? 0}:${p.column ?? 0} ${p.code} ${p.message}`;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

export const command: Command = {
  name: "validate",
  summary: "check a model against the document format (D6) and list every problem",
  usage: "kerf validate <model.kerf.xml> [--json]",
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(this, args, { json: { type: "boolean" } });
    if (positionals.length !== 1)
      throw new UsageError(`give exactly one model file. Usage: ${this.usage}`);
    const report = validate(await readInput(io, positionals[0]!));
    if (values.json) {
      io.stdout(
        `${JSON.stringify({ valid: report.valid, errors: report.errors, warnings: report.warnings })}\n`,
      );
    } else {
      for (const p of [...report.errors, ...report.warnings]) io.stdout(`${line(p)}\n`);
      const counts = `${plural(report.errors.length, "error")}, ${plural(report.warnings.length, "warning")}`;
      io.stdout(`${report.valid ? "valid" : "invalid"}: ${counts}\n`);
    }
    return report.valid ? 0 : 1;
  },
};
