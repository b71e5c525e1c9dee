// Vite's `?url` imports (used only by worker.ts, which runs through Vite).
declare module "*?url" {
  const url: string;
  export default url;
}
