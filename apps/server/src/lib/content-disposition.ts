/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266); `inline` for a file shown in place. */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
