/** The success envelope of every API answer: { message, data }. */
export const ok = <T>(message: string, data: T = null as T) => ({ message, data });

/**
 * Content-Disposition for a download of any file name: an ASCII fallback in `filename` and the
 * exact name in `filename*` (RFC 6266 / 5987), so names like "счёт.pdf" download intact and no
 * character a person typed can break the header.
 */
export function attachment(fileName: string): string {
  const fallback =
    fileName
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "")
      .trim() || "download";
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName.replace(/[\r\n]/g, ""))}`;
}
