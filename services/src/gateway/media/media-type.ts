/**
 * The type to serve a file with when no upload ticket recorded one (a restored app: tickets are not in
 * the backup). Read from the file's first bytes, then its extension; only image and video types come
 * out, so nothing is ever served as something a browser would run.
 */
const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  mov: 'video/quicktime',
};
/** Bytes enough for every signature below. */
export const MEDIA_HEAD_BYTES = 12;

function fromBytes(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    return brand === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  if (ascii(0, 4) === 'OggS') return 'video/ogg';
  if (ascii(0, 2) === 'BM') return 'image/bmp';
  return null;
}

export function mediaTypeOf(fileName: string, head: Buffer): string {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]{2,5})$/)?.[1];
  return fromBytes(head) ?? (extension && BY_EXTENSION[extension]) ?? 'application/octet-stream';
}
