import { describe, expect, it } from 'vitest';
import { base32Decode, totpCode } from '../../local/totp';

// RFC 6238 appendix B (SHA-1): the key is the ASCII "12345678901234567890", 8-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (local/totp.ts)', () => {
  it('decodes base32 as authenticator apps do', () => {
    expect(base32Decode(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
    expect(() => base32Decode('not base32!')).toThrow('not a base32 secret');
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('matches the RFC 6238 vector at %i s', (seconds, expected) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000), 8)).toBe(expected);
  });

  it('gives 6 digits by default, the same within a 30-second step', () => {
    const code = totpCode(RFC_SECRET, new Date(60_000));
    expect(code).toMatch(/^\d{6}$/);
    expect(totpCode(RFC_SECRET, new Date(89_999))).toBe(code);
    expect(totpCode(RFC_SECRET, new Date(90_000))).not.toBe(code);
  });
});
