#!/usr/bin/env node
// The `kerf` command (../shared/spec/cli.md). tsx runs the TypeScript sources directly, so there
// is no build step between `npm install` and `npx kerf`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2));
