import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAcceptablePassword, passwordIssues, PASSWORD_MIN_LENGTH } from '@shared/rules/password';

describe('password rule (docs/product-rules.md, Accounts)', () => {
  it('accepts a password with 6 characters, a lowercase and an uppercase letter and a digit', () => {
    expect(passwordIssues('Abcde1')).toEqual([]);
    expect(isAcceptablePassword('Bottin2025!')).toBe(true);
  });

  it('reports an empty password as required, and nothing else', () => {
    expect(passwordIssues('')).toEqual(['PASSWORD_REQUIRED']);
  });

  it('names every rule a password breaks, in form order', () => {
    expect(passwordIssues('abc')).toEqual(['PASSWORD_TOO_SHORT', 'PASSWORD_NEEDS_UPPERCASE', 'PASSWORD_NEEDS_DIGIT']);
    expect(passwordIssues('ABCDEF1')).toEqual(['PASSWORD_NEEDS_LOWERCASE']);
    expect(passwordIssues('abcdef1')).toEqual(['PASSWORD_NEEDS_UPPERCASE']);
    expect(passwordIssues('Abcdefg')).toEqual(['PASSWORD_NEEDS_DIGIT']);
  });

  it('counts characters, not UTF-16 units, like Cognito', () => {
    expect(passwordIssues('Aé1😀b')).toEqual(['PASSWORD_TOO_SHORT']);
    expect(passwordIssues('Aé1😀bc')).toEqual([]);
  });

  it('does not count accented letters as the required ASCII letter (Cognito would refuse them)', () => {
    expect(passwordIssues('ÉCOLE1é')).toEqual(['PASSWORD_NEEDS_LOWERCASE']);
  });

  it('refuses leading or trailing whitespace, which the Cognito API rejects', () => {
    expect(passwordIssues(' Abcde1')).toEqual(['PASSWORD_EDGE_WHITESPACE']);
    expect(passwordIssues('Abcde1 ')).toEqual(['PASSWORD_EDGE_WHITESPACE']);
    expect(passwordIssues('Abc de1')).toEqual([]);
  });

  it('refuses more than 256 characters', () => {
    expect(passwordIssues(`Ab1${'x'.repeat(253)}`)).toEqual([]);
    expect(passwordIssues(`Ab1${'x'.repeat(254)}`)).toEqual(['PASSWORD_TOO_LONG']);
  });

  it('accepts exactly the passwords that meet every rule (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const expected =
          [...password].length >= PASSWORD_MIN_LENGTH &&
          /[a-z]/.test(password) &&
          /[A-Z]/.test(password) &&
          /\d/.test(password) &&
          password.trim() === password;
        expect(isAcceptablePassword(password)).toBe(expected);
      }),
    );
  });
});
