/** Saving bytes and text as downloads, and safe file names. */

export function safeFileName(name: string, fallback = "model"): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 32 ? " " : c))
    .join("")
    .replace(/[\\/:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned || fallback;
}

export function downloadBlob(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "bracket.kerf.xml" → "bracket". */
export function baseName(fileName: string): string {
  return fileName.replace(/\.kerf\.xml$/i, "").replace(/\.xml$/i, "") || "Imported";
}
