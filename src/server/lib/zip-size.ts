/**
 * What a ZIP archive (an .xlsx) unpacks to, read from its central directory before anything is
 * inflated: a few kilobytes of compressed zeros can unpack to gigabytes (a "zip bomb"), and a library
 * that loads the workbook would inflate them into memory. No maintained package exposes the
 * directory's sizes without inflating (jszip keeps them private), and the format's layout is fixed
 * (PKWARE APPNOTE 4.3.12, 4.3.16), so the few fields are read here.
 */
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

/** The total uncompressed size of the archive's entries, or null when it is not a ZIP this can read (ZIP64 included: too large anyway). */
export function unpackedSize(zip: Buffer): number | null {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - END_SEARCH); i--) {
    if (zip.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = zip.readUInt32LE(at + 24);
    if (size === 0xffffffff) return null;
    total += size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}
