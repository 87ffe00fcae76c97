import { mediaTypeOf } from './media-type';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('mediaTypeOf', () => {
  it('reads the type from the bytes before the extension', () => {
    expect(mediaTypeOf('a.jpg', PNG_HEAD)).toBe('image/png');
    expect(mediaTypeOf('a', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(mediaTypeOf('a', Buffer.from('\0\0\0\x18ftypisom', 'latin1'))).toBe('video/mp4');
    expect(mediaTypeOf('a', Buffer.from('RIFF\0\0\0\0WEBP', 'latin1'))).toBe('image/webp');
  });

  it('falls back to the extension, then to an inert download type, never to HTML or script', () => {
    const html = Buffer.from('<html><script>');
    expect(mediaTypeOf('a.webm', html)).toBe('video/webm');
    expect(mediaTypeOf('a', html)).toBe('application/octet-stream');
    expect(mediaTypeOf('a.svg', html)).toBe('application/octet-stream');
  });
});
