import { useTestApp } from './support/use-test-app';

/**
 * PUT /api/settings/page_permissions with thousands of keys that are not pages, or one enormous key:
 * the 400 names the first of them, clipped, and how many more there are. It never sends the body
 * back (zod's own message lists every key, half a megabyte for a 1 MB body).
 */
describe('unknown page keys in the permissions setting', () => {
  const app = useTestApp();

  const refused = async (assistant: Record<string, unknown>, message: string) => {
    const before = await app.snapshot();
    const response = await app.manager.put('/api/settings/page_permissions', { value: { assistant } });
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { message } });
    expect(await app.snapshot()).toEqual(before);
  };

  it('names one unknown page', async () => {
    await refused({ dashboard: true, billing: true }, 'value.assistant: Unknown page "billing"');
  });

  it('names the first of 40,000 unknown pages and counts the rest', async () => {
    const many = Object.fromEntries(Array.from({ length: 40_000 }, (_, index) => [`k${index}`, true]));
    await refused(many, 'value.assistant: Unknown page "k0" (and 39999 more)');
  });

  it('clips an enormous unknown key to 50 characters', async () => {
    await refused({ ['x'.repeat(500_000)]: true }, `value.assistant: Unknown page "${'x'.repeat(50)}…"`);
  });
});
