/** A tiny cookie-keeping HTTP client: each instance is one browser session. */
export class ApiClient {
  /** The session cookie as sent back (`sid=...`), for a test that makes its own fetch. */
  cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${path}`, init);
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? null;
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, body: json, text, headers: response.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body);
  put = (path: string, body?: unknown) => this.request('PUT', path, body);
  delete = (path: string) => this.request('DELETE', path);

  async login(username: string, password: string) {
    const response = await this.post('/api/login', { username, password });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
    return response.body;
  }
}
