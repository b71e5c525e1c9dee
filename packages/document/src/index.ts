export * from "./types.ts";
export * from "./refs.ts";
