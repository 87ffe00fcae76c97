import { mediaPathFromUploadUrl } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

/** With S3 settings the browser uploads straight to the bucket; no S3 is reachable here, so this checks the URLs. */
describe('product media on an S3-compatible bucket', () => {
  const app = useTestApp({
    s3: {
      bucket: 'glow-media',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    },
  });

  it('answers a presigned PUT URL whose last segment becomes the stored path', async () => {
    const { status, body } = await app.manager.post('/api/product-media/upload', {
      filename: 'serum.webp',
      contentType: 'image/webp',
    });
    expect(status).toBe(201);
    const url = new URL(body.uploadURL);
    expect(url.origin).toBe('http://127.0.0.1:9000');
    expect(url.pathname).toMatch(/^\/glow-media\/product-media\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(mediaPathFromUploadUrl(body.uploadURL)).toBe(`/product-media/uploads/${url.pathname.split('/').pop()}`);
  });

  it('redirects a signed-in user to a short-lived signed GET, and refuses anyone else', async () => {
    const { body } = await app.manager.post('/api/product-media/upload', {
      filename: 'clip.mp4',
      contentType: 'video/mp4',
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
});
