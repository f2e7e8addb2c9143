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

/**
 * Saves CSV text as `<name parts joined by _>_<today's date>.csv` (parts that are false or
 * undefined are left out), a byte-order mark first so spreadsheet programs read it as UTF-8.
 */
export function downloadCsv(nameParts: (string | false | undefined)[], csv: string): void {
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  downloadBlob(new Blob(['\uFEFF', csv], {type: 'text/csv;charset=utf-8'}), `${[...nameParts.filter(Boolean), today].join('_')}.csv`);
}
