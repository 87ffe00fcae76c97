import { loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has defaults for the embedded engine', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      dataDir: './data',
      projections: 'embedded',
      cookieSecure: false,
    });
  });

  it('fails fast naming the bad setting', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    // Digits only: what Number() would also read (hex, exponents, fractions) is refused.
    for (const port of ['0x115D', '1e3', '80.5', '-1', 'abc'])
      expect(() => loadConfig({ PORT: port })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be at most 65535/);
    expect(loadConfig({ PORT: ' 4445 ' }).port).toBe(4445);
    expect(loadConfig({ READY_MAX_PROJECTION_LAG: '250' }).readyMaxProjectionLag).toBe(250);
    expect(() => loadConfig({ READY_MAX_PROJECTION_LAG: '1e3' })).toThrow(/READY_MAX_PROJECTION_LAG/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss' })).toThrow(/ADMIN_PASSWORD is required/);
    expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' })).toThrow(/at least 8/);
  });

  it('reads an optional storefront token of at least 16 characters', () => {
    expect(loadConfig({}).storefrontToken).toBeUndefined();
    expect(loadConfig({ STOREFRONT_TOKEN: 'x'.repeat(16) }).storefrontToken).toBe('x'.repeat(16));
    expect(() => loadConfig({ STOREFRONT_TOKEN: 'short' })).toThrow(/STOREFRONT_TOKEN must be at least 16/);
  });

  it('trusts no proxy unless TRUST_PROXY names one, and refuses what express would misread', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.0.2.7',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' would trust any caller/);
    expect(() => loadConfig({ TRUST_PROXY: 'loopback,proxy.local' })).toThrow(/TRUST_PROXY: 'proxy.local' is not/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: '10.0.0.0\/33' is not/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY: a hop count/);
  });
});
