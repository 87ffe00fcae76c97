import { applyChangesSince } from './changes-since';

describe('applying only what a screen changed since it read', () => {
  const read = { assistant: { reports: false, products: false, sales: true } };

  it('keeps what another manager saved since, and applies this screen’s change', () => {
    const wanted = { assistant: { reports: false, products: true, sales: true } };
    const current = { assistant: { reports: true, products: false, sales: true } };
    expect(applyChangesSince(read, wanted, current)).toEqual({
      value: { assistant: { reports: true, products: true, sales: true } },
    });
  });

  it('answers the current value when nothing was changed on the screen', () => {
    const current = { assistant: { reports: true, products: false, sales: false } };
    expect(applyChangesSince(read, read, current)).toEqual({ value: current });
  });

  it('is no conflict when both made the same change', () => {
    const both = { assistant: { reports: true, products: false, sales: true } };
    expect(applyChangesSince(read, both, both)).toEqual({ value: both });
  });

  it('refuses a leaf both changed to different values, naming its path', () => {
    const basedOn = { email: 'a@shop.ng', phone: '+2348000000000' };
    const wanted = { email: 'b@shop.ng', phone: '+2348000000000' };
    const current = { email: 'c@shop.ng', phone: '+2348000000000' };
    expect(applyChangesSince(basedOn, wanted, current)).toEqual({ conflict: ['email'] });
  });

  it('adds a key the screen added, and removes one it removed, leaving the others', () => {
    const basedOn = { assistant: { reports: false } } as { assistant: Record<string, boolean> };
    const wanted = { assistant: { audit: true } };
    const current = { assistant: { reports: false, settings: true } };
    expect(applyChangesSince(basedOn, wanted, current)).toEqual({
      value: { assistant: { audit: true, settings: true } },
    });
  });
});
