// Hands the browser a file to save (or, for a calendar file, to open in the calendar app).

/**
 * Offers `text` as a download named `fileName`. The link is attached while it is clicked and the
 * object URL outlives the click, as Firefox and Safari need to start the download.
 */
export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV export (lista-pagos, admin-insights). */
export function saveCsv(fileName: string, csv: string): void {
  saveFile(fileName, csv, 'text/csv;charset=utf-8');
}
