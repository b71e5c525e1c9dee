/**
 * `window.kerfAssistant`: a read-only view of the assistant for the end-to-end tests (what the
 * ghost shows). It changes nothing.
 */
export interface AssistantDebug {
  ghost: {
    visible: boolean;
    mode: string;
    changeId: string | null;
    triangles: number;
    added: string[];
    changed: string[];
  };
}

declare global {
  interface Window {
    kerfAssistant?: AssistantDebug;
  }
}

export function publishGhost(ghost: AssistantDebug["ghost"]): void {
  if (typeof window === "undefined") return;
  window.kerfAssistant = { ghost };
}
