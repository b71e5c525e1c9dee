/** Test doubles for @kerf/ai, exported as `@kerf/ai/test` (guide habit 9). */
export * from "./scripted-server.ts";
export * from "./chunks.ts";
