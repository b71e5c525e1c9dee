/**
 * STEP and binary STL files of a body (cli.md C5), written by OpenCascade into Emscripten's
 * in-memory file system and read back as bytes.
 *
 * TRAP: the STEP writer prints transfer statistics to std::cout on every write. They are
 * captured here (../oc/print.ts), so `kerf build --json` keeps a clean stdout.
 */
import type { NamedBody } from "../naming/named-body.ts";
import type { OC } from "../oc/load.ts";
import { captureOcOutput } from "../oc/print.ts";
import { withScope } from "../oc/scope.ts";
import { triangulate } from "./mesh.ts";

/**
 * STL tolerances: fine enough that the mesh volume is within 1e-3 of the exact one (C5) for
 * parts of tens of mm: a circle of radius 20 becomes a polygon of ~140 sides, whose area is
 * short by 2π²/(3n²) ≈ 3e-4.
 */
export const STL_TOLERANCE = 0.005;
export const STL_ANGULAR_TOLERANCE = 0.05;

let serial = 0;

/** Read and remove a file of Emscripten's file system. */
function take(oc: OC, path: string): Uint8Array {
  try {
    return new Uint8Array(oc.FS.readFile(path));
  } finally {
    oc.FS.unlink(path);
  }
}

/** The body as a STEP file (AP214, millimetres). */
export function exportStep(oc: OC, body: NamedBody): Uint8Array {
  const path = `/kerf-${++serial}.step`;
  const { value: status } = captureOcOutput(() =>
    withScope((sc) => {
      const writer = sc.track(new oc.STEPControl_Writer());
      oc.Interface_Static.SetIVal("write.step.schema", 5);
      oc.Interface_Static.SetCVal("write.step.unit", "MM");
      const progress = sc.track(new oc.Message_ProgressRange());
      const mode = oc.STEPControl_StepModelType.STEPControl_AsIs;
      const transferred = writer.Transfer(body.shape.wrapped, mode as never, true, progress);
      if ((transferred as unknown) !== oc.IFSelect_ReturnStatus.IFSelect_RetDone)
        return transferred;
      return writer.Write(path);
    }),
  );
  if ((status as unknown) !== oc.IFSelect_ReturnStatus.IFSelect_RetDone) {
    throw new Error(`STEP export failed (${String(status)})`);
  }
  return take(oc, path);
}

/**
 * The body as a binary STL file: the triangulation of every face at STL_TOLERANCE. The faces'
 * discretisations share their edges, so the mesh is closed.
 */
export function exportStl(oc: OC, body: NamedBody): Uint8Array {
  const path = `/kerf-${++serial}.stl`;
  const shape = body.shape.wrapped;
  const { value: ok } = captureOcOutput(() => {
    triangulate(oc, shape, STL_TOLERANCE, STL_ANGULAR_TOLERANCE);
    return oc.StlAPI.Write(shape, path, false);
  });
  if (!ok) throw new Error("STL export failed");
  return take(oc, path);
}
