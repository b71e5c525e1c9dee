/** Test helpers for other packages: `import { generateDocument } from "@kerf/document/test"`. */
export { Rng } from "./rng.ts";
export { generateDocument } from "./generate.ts";
