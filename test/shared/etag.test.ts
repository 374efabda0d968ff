import { describe, expect, it } from 'vitest';
import { entityTag, ifNoneMatchHits } from '../../lambdas/common/etag';

/** Conditional GET helpers (lambdas/common/etag.ts); pure, so they run with the unit project. */

const request = (headers: Record<string, string>, multi: Record<string, string[]> = {}) => ({
  headers,
  multiValueHeaders: multi,
});

describe('entity tags', () => {
  it('is a strong, quoted hash of the exact body', () => {
    const tag = entityTag('{"a":1}');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(entityTag('{"a":1}')).toBe(tag);
    expect(entityTag('{"a":2}')).not.toBe(tag);
    // Same text, different bytes: "é" composed vs decomposed.
    expect(entityTag('"\u00e9"')).not.toBe(entityTag('"e\u0301"'));
  });

  it('matches If-None-Match with the weak comparison, in lists, with *, whatever the header casing', () => {
    const tag = entityTag('body');
    expect(ifNoneMatchHits(request({ 'if-none-match': tag }), tag)).toBe(true);
    expect(ifNoneMatchHits(request({ 'If-None-Match': `W/${tag}` }), tag)).toBe(true);
    expect(ifNoneMatchHits(request({ 'IF-NONE-MATCH': `"other", ${tag}` }), tag)).toBe(true);
    expect(ifNoneMatchHits(request({ 'if-none-match': '*' }), tag)).toBe(true);
    expect(ifNoneMatchHits(request({}, { 'If-None-Match': ['"x"', tag] }), tag)).toBe(true);
  });

  it('does not match another tag, a missing header or an unquoted value', () => {
    const tag = entityTag('body');
    expect(ifNoneMatchHits(request({ 'if-none-match': entityTag('other') }), tag)).toBe(false);
    expect(ifNoneMatchHits(request({}), tag)).toBe(false);
    expect(ifNoneMatchHits({ headers: null, multiValueHeaders: null } as never, tag)).toBe(false);
    expect(ifNoneMatchHits(request({ 'if-none-match': tag.slice(1, -1) }), tag)).toBe(false);
  });
});
