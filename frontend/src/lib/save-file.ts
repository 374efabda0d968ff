/**
 * Offers data as a downloaded file (exports, templates, backups, contacts): the one place the browser's
 * download is triggered. Text keeps what it holds (a CSV's byte-order mark, so spreadsheets read the accents).
 */
export function saveFile(name: string, data: string | Blob, type: string): void {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type }) : data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Long enough for a large backup to be handed over before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
