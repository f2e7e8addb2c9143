/**
 * Saves a Blob as a file: a hidden link to a Blob URL, clicked once. The URL is revoked a little
 * later, not at once, because some browsers start reading it only after the click returns.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
