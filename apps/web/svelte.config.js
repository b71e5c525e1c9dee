// Svelte compiler options for vite-plugin-svelte and svelte-check (the defaults: runes are
// inferred per component).
export default {};
