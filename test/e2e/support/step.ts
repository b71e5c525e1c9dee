/** Read a STEP file back in Node with OpenCascade (replicad) and measure it. */
import opencascade from "replicad-opencascadejs";
import { importSTEP, measureVolume, setOC, type Shape3D } from "replicad";

let ready: Promise<void> | null = null;

function load(): Promise<void> {
  ready ??= (opencascade as unknown as () => Promise<Parameters<typeof setOC>[0]>)().then((oc) =>
    setOC(oc),
  );
  return ready;
}

export async function stepVolume(bytes: Uint8Array): Promise<number> {
  await load();
  const shape = await importSTEP(new Blob([bytes as BlobPart]));
  return measureVolume(shape as Shape3D);
}
