import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  formatShortCode,
  isShortCode,
  normalizeShortCode,
  shortCodeFrom,
} from '@shared/rules/short-code';

describe('short codes of the paper letters', () => {
  it('uses an alphabet without the look-alikes 0, O, 1, I and L', () => {
    for (const c of '0O1IL') expect(SHORT_CODE_ALPHABET).not.toContain(c);
    expect(new Set(SHORT_CODE_ALPHABET).size).toBe(SHORT_CODE_ALPHABET.length);
    expect(SHORT_CODE_ALPHABET.length).toBe(31);
  });

  it('draws codes of the alphabet only, each character equally likely (rejection sampling)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const code = shortCodeFrom((size) => randomBytes(size));
      expect(code).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`));
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // 20,000 characters over 31 symbols: about 645 each; a biased draw (byte % 31 without rejection) stays close
    // too, so the rejection itself is checked below with a source that only gives the rejected bytes first.
    for (const c of SHORT_CODE_ALPHABET) expect(counts.get(c)).toBeGreaterThan(500);
  });

  it('never maps the bytes above the last full multiple of the alphabet onto characters', () => {
    let calls = 0;
    const source = (size: number) => {
      calls += 1;
      // 248..255 are rejected (256 - 256 % 31 = 248); then byte 0 -> 'A'.
      return calls === 1 ? new Uint8Array(size).fill(250) : new Uint8Array(size).fill(0);
    };
    expect(shortCodeFrom(source)).toBe('A'.repeat(SHORT_CODE_LENGTH));
    expect(calls).toBe(2);
  });

  it('prints codes in two groups of five', () => {
    expect(formatShortCode('ABCDEFGHJK')).toBe('ABCDE-FGHJK');
  });

  it('accepts a code in any case, with spaces or dashes, and refuses anything else', () => {
    expect(normalizeShortCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeShortCode(' AbCdE FgHjK ')).toBe('ABCDEFGHJK');
    expect(normalizeShortCode('ABCDE–FGHJK')).toBe('ABCDEFGHJK');
    expect(normalizeShortCode('ABCDEFGHJK')).toBe('ABCDEFGHJK');
    expect(normalizeShortCode('ABCDE-FGHJ')).toBeUndefined(); // too short
    expect(normalizeShortCode('ABCDE-FGHJKM')).toBeUndefined(); // too long
    expect(normalizeShortCode('ABCDE-FGHJ0')).toBeUndefined(); // 0 is not in the alphabet
    expect(normalizeShortCode('ABCDE-FGHJI')).toBeUndefined();
    expect(normalizeShortCode('ÀBCDE-FGHJK')).toBeUndefined();
    expect(normalizeShortCode('A'.repeat(500))).toBeUndefined();
    expect(normalizeShortCode('')).toBeUndefined();
    expect(isShortCode(randomBytes(32).toString('base64url'))).toBe(false);
  });
});
