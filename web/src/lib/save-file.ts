/**
 * Saves a downloaded file under the given name, as a link the user clicked would: an object URL
 * and a temporary `<a download>`. The URL is released a little later, once the browser has
 * started the download (releasing it at once can cancel it in some browsers).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 40_000);
  }
}
