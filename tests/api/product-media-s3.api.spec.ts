import { createHash, createHmac } from 'node:crypto';
import { LIMITS, MEDIA_LIMITS, MESSAGES, mediaPathFromUploadUrl } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

const S3 = {
  bucket: 'glow-media',
  region: 'eu-west-1',
  endpoint: 'http://127.0.0.1:9000',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
};

const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The signature S3 computes for a PUT of this presigned URL that sends these headers, as it checks
 * one (SigV4, written out here rather than with the signer the server uses): the canonical request of
 * the method, path, query without the signature and the signed headers' values, then the day's key.
 */
function signatureFor(uploadURL: string, headers: Record<string, string>): string {
  const url = new URL(uploadURL);
  const query = [...url.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
  const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders')!;
  const values = new Map([
    ['host', url.host],
    ...Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v] as const),
  ]);
  const canonical = [
    'PUT',
    url.pathname,
    query
      .map(([name, value]) => `${encode(name)}=${encode(value)}`)
      .sort()
      .join('&'),
    signedHeaders
      .split(';')
      .map((name) => `${name}:${values.get(name) ?? ''}\n`)
      .join(''),
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const date = url.searchParams.get('X-Amz-Date')!;
  const scope = `${date.slice(0, 8)}/${S3.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (derived, part) => hmac(derived, part),
    hmac(hmac(`AWS4${S3.secretAccessKey}`, date.slice(0, 8)), S3.region),
  );
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('product media on an S3-compatible bucket', () => {
  const app = useTestApp({ s3: S3 });

  it('answers a presigned PUT URL whose last segment becomes the stored path', async () => {
    const { status, body } = await app.manager.post('/api/product-media/upload', {
      filename: 'serum.webp',
      contentType: 'image/webp',
      size: 48_213,
    });
    expect(status).toBe(201);
    const url = new URL(body.uploadURL);
    expect(url.origin).toBe('http://127.0.0.1:9000');
    expect(url.pathname).toMatch(/^\/glow-media\/product-media\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(mediaPathFromUploadUrl(body.uploadURL)).toBe(`/product-media/uploads/${url.pathname.split('/').pop()}`);
  });

  it('redirects a signed-in user to a short-lived signed GET, and refuses anyone else', async () => {
    const { body } = await app.manager.post('/api/product-media/upload', {
      filename: 'clip.mp4',
      contentType: 'video/mp4',
      size: 1_000_000,
    });
    const path = mediaPathFromUploadUrl(body.uploadURL);
    const response = await fetch(`${app.url}${path}`, {
      headers: { cookie: app.manager.cookie ?? '' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location')!);
    expect(target.pathname).toBe(`/glow-media${path}`);
    expect(target.searchParams.get('X-Amz-Expires')).toBe('300');
    expect((await app.client().get(path)).status).toBe(401);
  });

  it('still refuses non-media types before signing anything', async () => {
    expect((await app.manager.post('/api/product-media/upload', { contentType: 'text/html' })).status).toBe(400);
  });

  it('signs the URL for the declared length and type only, so the bucket refuses a bigger or other file', async () => {
    const { body } = await app.manager.post('/api/product-media/upload', {
      filename: 'serum.png',
      contentType: 'image/png',
      size: 1_234,
    });
    const signature = new URL(body.uploadURL).searchParams.get('X-Amz-Signature');
    expect(signatureFor(body.uploadURL, { 'Content-Type': 'image/png', 'Content-Length': '1234' })).toBe(signature);
    expect(signatureFor(body.uploadURL, { 'Content-Type': 'image/png', 'Content-Length': '52428801' })).not.toBe(
      signature,
    );
    expect(signatureFor(body.uploadURL, { 'Content-Type': 'text/html', 'Content-Length': '1234' })).not.toBe(signature);
  });

  it('asks for the type and a length within the limit before signing, storing no ticket', async () => {
    const sizeRequired = `size must be the file's length in bytes, from 1 to ${MEDIA_LIMITS.maxFileBytes}`;
    const refusals = [
      [{ filename: 'a.png', size: 10 }, 'Only image/* and video/* files are allowed'],
      [{ filename: 'a.png', contentType: 'image/png' }, sizeRequired],
      [{ filename: 'a.png', contentType: 'image/png', size: '10' }, sizeRequired],
      [{ filename: 'a.png', contentType: 'image/png', size: 10.5 }, sizeRequired],
      [{ filename: 'a.png', contentType: 'image/png', size: -1 }, sizeRequired],
      [{ filename: 'a.png', contentType: 'image/png', size: 0 }, 'The file is empty'],
      [
        { filename: 'a.png', contentType: 'image/png', size: MEDIA_LIMITS.maxFileBytes + 1 },
        'Files must be at most 50MB',
      ],
    ] as const;
    const before = await app.infrastructure.database.knex('media_uploads').count<{ count: string }[]>({ count: '*' });
    for (const [request, message] of refusals) {
      const answer = await app.manager.post('/api/product-media/upload', request);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { message } });
    }
    const after = await app.infrastructure.database.knex('media_uploads').count<{ count: string }[]>({ count: '*' });
    expect(Number(after[0]!.count)).toBe(Number(before[0]!.count));
  });

  it("counts declared bytes against the user's room for files on no product", async () => {
    const used = await app.infrastructure.database
      .knex('media_uploads')
      .sum<{ bytes: string | null }[]>({ bytes: 'size_bytes' });
    const room = LIMITS.maxUnattachedUploadBytesPerUser - Number(used[0]!.bytes ?? 0);
    const file = { filename: 'big.mp4', contentType: 'video/mp4', size: MEDIA_LIMITS.maxFileBytes };
    for (let index = 0; index < Math.floor(room / MEDIA_LIMITS.maxFileBytes); index++)
      expect((await app.manager.post('/api/product-media/upload', file)).status).toBe(201);
    const refused = await app.manager.post('/api/product-media/upload', file);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: { message: MESSAGES.tooManyUnattachedUploads },
    });
  });
});
