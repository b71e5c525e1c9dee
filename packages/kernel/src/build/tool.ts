/**
 * Tools: the solid a feature makes before it meets the body (a prism, a revolution), with the
 * names its own history gives its faces (R2: `top`, `bottom`, `side:<segment>`, `start`, `end`).
 */
import type { TopoDS_Shape } from "replicad-opencascadejs";
import type { Claim } from "../naming/claims.ts";

export interface NamedTool {
  /** Owned by the feature's scope. */
  shape: TopoDS_Shape;
  /** Faces of `shape` and their names (shapes owned by the scope). */
  named: { shape: TopoDS_Shape; claim: Claim }[];
}

export const historyClaim = (base: string): Claim => ({ base, aliases: [], resolvedBy: "history" });
