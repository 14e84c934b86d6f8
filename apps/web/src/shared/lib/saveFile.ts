/**
 * Hands a downloaded file to the browser's save dialog. Downloads go through the HTTP client as
 * blobs (the server authenticates them by the bearer header, like every operation), so the
 * session never travels in a URL or a form.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is not needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
