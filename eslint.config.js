import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/*.svelte", "apps/web/server.mjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.property.name='only']", message: "No .only in tests." },
      ],
    },
  },
  {
    files: ["packages/document/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["@kerf/kernel", "@kerf/ai", "@kerf/cli", "replicad*", "three*", "openai"] },
      ],
    },
  },
  {
    files: ["packages/kernel/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: ["@kerf/ai", "@kerf/cli", "three*", "openai"] },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
