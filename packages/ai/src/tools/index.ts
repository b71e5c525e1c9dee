import type { AnyTool } from "../tool.ts";
import { findEdgesTool } from "./find-edges.ts";
import { findFacesTool } from "./find-faces.ts";
import { getCurrentSelectionTool } from "./get-current-selection.ts";
import { getGeometryTool } from "./get-geometry.ts";
import { previewChangeTool } from "./preview-change.ts";
import { validateXmlTool } from "./validate-xml.ts";

export {
  findEdgesTool,
  findFacesTool,
  getCurrentSelectionTool,
  getGeometryTool,
  previewChangeTool,
  validateXmlTool,
};
export { findFaces } from "./find-faces.ts";
export { findEdges } from "./find-edges.ts";
export { getGeometry } from "./get-geometry.ts";
export { describeSelection, type SelectionItem } from "./get-current-selection.ts";

/** The six tools of T1, in the order they are offered. */
export const defaultTools: readonly AnyTool[] = [
  getCurrentSelectionTool,
  findFacesTool,
  findEdgesTool,
  getGeometryTool,
  validateXmlTool,
  previewChangeTool,
];
