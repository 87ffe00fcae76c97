import { formatNaira } from './money-text';

describe('formatNaira', () => {
  it('groups thousands with the naira sign, exactly, beyond a float’s precision too', () => {
    expect(formatNaira('19999999.98')).toBe('₦19,999,999.98');
    expect(formatNaira('0.10')).toBe('₦0.10');
    expect(formatNaira('-1200.50')).toBe('-₦1,200.50');
    expect(formatNaira('99999999999999999.99')).toBe('₦99,999,999,999,999,999.99');
  });
});
