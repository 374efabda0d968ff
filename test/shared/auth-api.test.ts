import { describe, expect, it } from 'vitest';
import { MeResponseSchema, ValidateEmailRequestSchema, ValidateEmailResponseSchema } from '@shared/contracts/auth-api';

describe('auth API contracts', () => {
  it('normalises the email of a validateEmailV2 request (trim, lowercase)', () => {
    expect(ValidateEmailRequestSchema.parse({ email: '  Marie.Cote@Exemple.CA ' })).toEqual({
      email: 'marie.cote@exemple.ca',
    });
  });

  it('reports a malformed email as an invalid_format issue on `email`', () => {
    const result = ValidateEmailRequestSchema.safeParse({ email: 'marie@' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.code])).toEqual([['email', 'invalid_format']]);
  });

  it('refuses a missing or non-string email', () => {
    expect(ValidateEmailRequestSchema.safeParse({}).success).toBe(false);
    expect(ValidateEmailRequestSchema.safeParse({ email: 42 }).success).toBe(false);
    expect(ValidateEmailRequestSchema.safeParse(undefined).success).toBe(false);
  });

  it('allows null names in a validateEmailV2 answer, but only known message codes', () => {
    const anonymous = { authorized: true, displayName: null, userType: null, message: 'EMAIL_AUTHORIZED' };
    expect(ValidateEmailResponseSchema.parse(anonymous)).toEqual(anonymous);
    expect(ValidateEmailResponseSchema.safeParse({ ...anonymous, message: 'Email is authorized' }).success).toBe(
      false,
    );
  });

  it('describes the signed-in caller with a parent or staff user type', () => {
    const me = { email: 'a@b.ca', displayName: 'A B', userType: 'staff', personIds: ['p1'], isAdmin: false };
    expect(MeResponseSchema.parse(me)).toEqual(me);
    expect(MeResponseSchema.safeParse({ ...me, userType: 'admin' }).success).toBe(false);
  });
});
