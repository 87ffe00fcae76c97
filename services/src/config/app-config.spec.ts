import { loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has defaults for the embedded engine', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, dataDir: './data', projections: 'embedded', cookieSecure: false });
  });

  it('fails fast naming the bad setting', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_PASSWORD is required/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
  });

  it('reads an optional storefront token of at least 16 characters', () => {
    expect(loadConfig({}).storefrontToken).toBeUndefined();
    expect(loadConfig({ STOREFRONT_TOKEN: 'x'.repeat(16) }).storefrontToken).toBe('x'.repeat(16));
    expect(() => loadConfig({ STOREFRONT_TOKEN: 'short' })).toThrow(/STOREFRONT_TOKEN must be at least 16/);
  });
});
