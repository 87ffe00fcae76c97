import { connect } from 'node:net';
import { useTestApp } from './support/use-test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('product media: signed, single-use direct uploads', () => {
  const app = useTestApp();

  const put = (url: string, body: Buffer, type = 'image/png') =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': type } });

  it('issues an upload URL, takes one PUT, stores /product-media/uploads/{last segment} and serves it to signed-in users', async () => {
    const issued = await app.manager.post('/api/product-media/upload', {
      filename: 'lipstick.PNG',
      contentType: 'image/png',
    });
    expect(issued.status).toBe(201);
    const uploadURL: string = issued.body.uploadURL;
    const last = new URL(uploadURL).pathname.split('/').pop()!;
    expect(last).toMatch(/^[0-9a-f-]{36}\.png$/);

    const stored = await put(uploadURL, PNG);
    expect(stored.status).toBe(200);
    const path = `/product-media/uploads/${last}`;
    expect(await stored.json()).toEqual({ path });

    expect((await put(uploadURL, PNG)).status).toBe(409);
    const served = await app.manager.get(path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await app.client().get(path)).status).toBe(401);

    const created = await app.manager.post('/api/products', {
      name: 'Matte Lipstick',
      sku: 'LIP-MEDIA-1',
      category: 'Makeup Products',
      price: '3000',
      images: [path],
    });
    expect(created.body.images).toEqual([path]);
  });

  it('refuses a product whose image was issued an upload URL but never uploaded, and keeps one that was', async () => {
    const issued = await app.manager.post('/api/product-media/upload', {
      filename: 'serum.png',
      contentType: 'image/png',
    });
    const pending = `/product-media/uploads/${new URL(issued.body.uploadURL).pathname.split('/').pop()}`;
    const product = { name: 'Rose Serum', sku: 'SERUM-MEDIA-1', category: 'Skincare Products', price: '4500' };
    const before = await app.snapshot();
    const refused = await app.manager.post('/api/products', { ...product, images: [pending] });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { message: `Image ${pending} has not been uploaded: upload the file first` },
    });
    expect(await app.snapshot()).toEqual(before);

    expect((await put(issued.body.uploadURL, PNG)).status).toBe(200);
    const created = await app.manager.post('/api/products', { ...product, images: [pending] });
    expect({ status: created.status, images: created.body.images }).toEqual({ status: 201, images: [pending] });
  });

  it('answers an HTTP/1.0 request without a Host header with a relative upload URL that works', async () => {
    const { port } = new URL(app.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `POST /api/product-media/upload HTTP/1.0\r\nCookie: ${app.manager.cookie}\r\nContent-Length: 0\r\n\r\n`,
        ),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.[01] 201/);
    const { uploadURL } = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { uploadURL: string };
    expect(uploadURL).not.toContain('undefined');
    expect(uploadURL).toMatch(/^\/product-media\/uploads\/[0-9a-f-]{36}\?token=[\w-]+$/);
    expect((await put(`${app.url}${uploadURL}`, PNG)).status).toBe(200);
  });

  it('refuses a PUT without a valid token, a non-media type and an upload that is too large', async () => {
    const { body } = await app.manager.post('/api/product-media/upload');
    const url = new URL(body.uploadURL);
    const forged = `${url.origin}${url.pathname}?token=forged`;
    expect((await put(forged, PNG)).status).toBe(401);
    expect(await (await put(`${url.origin}${url.pathname}`, PNG)).json()).toEqual({
      message: 'Authorization required',
    });
    // The real token given twice (a query parameter repeated is an array, not a ticket): refused, not a 500.
    const twice = await put(`${body.uploadURL}&token=${url.searchParams.get('token')}`, PNG);
    expect([twice.status, await twice.json()]).toEqual([401, { message: 'Authorization required' }]);
    expect((await put(body.uploadURL, Buffer.from('<script>'), 'text/html')).status).toBe(415);
    // 1 byte over 50MB, streamed without a declared length: the server counts and stops it.
    let sent = 0;
    const oversized = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = Math.min(1 << 20, 52_428_801 - sent);
        if (chunk <= 0) return controller.close();
        sent += chunk;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const huge = await fetch(body.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4' },
      body: oversized,
      duplex: 'half',
    } as RequestInit);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: 'Files must be at most 50MB' });
    // An empty file: nothing to show, refused.
    const empty = await put(body.uploadURL, Buffer.alloc(0));
    expect([empty.status, await empty.json()]).toEqual([400, { message: 'The file is empty' }]);
    // The refused attempts did not spend the ticket.
    expect((await put(body.uploadURL, PNG)).status).toBe(200);
  });

  it('refuses to issue a URL for a file the browser says is not media or is over 50MB', async () => {
    expect((await app.manager.post('/api/product-media/upload', { contentType: 'application/pdf' })).body).toEqual({
      message: 'Only image/* and video/* files are allowed',
    });
    expect((await app.manager.post('/api/product-media/upload', { size: 52_428_801 })).status).toBe(400);
    expect((await app.client().post('/api/product-media/upload')).status).toBe(401);
  });

  it('expires tickets', async () => {
    const { body } = await app.manager.post('/api/product-media/upload');
    const fileName = new URL(body.uploadURL).pathname.split('/').pop();
    await app.infrastructure.database
      .knex('media_uploads')
      .where({ file_name: fileName })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const response = await put(body.uploadURL, PNG);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Request has expired' });
  });
});
