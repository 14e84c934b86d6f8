import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIALS } from './limits.ts';
import { translateMessage } from './messages.ts';
import {
  emailSchema,
  firstError,
  isEmailOrPhone,
  isWellFormedText,
  numberCompared,
  optionalText,
  passwordSchema,
  personNameSchema,
  phoneSchema,
  positiveIntSchema,
  requiredText,
} from './validation.ts';

const text = (schema: Parameters<typeof firstError>[0], value: unknown) => {
  const ref = firstError(schema, value);
  return ref === null ? null : translateMessage('en', ref);
};

describe('form rules of spec section 5', () => {
  it('required', () => {
    expect(text(requiredText(), '')).toBe('Required Field');
    expect(text(requiredText(), '   ')).toBe('Required Field');
    expect(text(requiredText(), undefined)).toBe('Required Field');
    expect(text(requiredText(), 'ok')).toBeNull();
  });
  it('phone: 11-digit mobile', () => {
    expect(text(phoneSchema, '1380000000')).toBe('Please enter correct phone');
    expect(text(phoneSchema, '23800000000')).toBe('Please enter correct phone');
    expect(text(phoneSchema, '13800000000')).toBeNull();
  });
  it('password: length first, then composition, stopping at the first failure', () => {
    expect(text(passwordSchema, 'a1!')).toBe('Password should be 8-16 words');
    expect(text(passwordSchema, 'a1!aaaaaaaaaaaaaaaaa')).toBe('Password should be 8-16 words');
    // A missing letter answers the spec's message; a missing digit or special character is named.
    expect(text(passwordSchema, '12345678!')).toBe('Password must contain at least 1 alphabet letter');
    expect(text(passwordSchema, '12345678')).toBe('Password must contain at least 1 alphabet letter');
    expect(text(passwordSchema, 'abcdefgh1')).toBe(`Password must contain at least 1 special character (${PASSWORD_SPECIALS})`);
    expect(text(passwordSchema, 'abcdefg!!')).toBe('Password must contain at least 1 digit');
    expect(text(passwordSchema, 'abcdefgh')).toBe('Password must contain at least 1 digit');
    expect(text(passwordSchema, 'abcd 1234!')).toBe(`Password may contain only letters, digits and ${PASSWORD_SPECIALS}`);
    expect(text(passwordSchema, 'Storelens#2026')).toBeNull();
    expect(passwordSchema.safeParse('a1!').error?.issues).toHaveLength(1);
  });
  it('refuses malformed Unicode (a lone surrogate) in stored text, and accepts any well-formed text', () => {
    const malformed = 'The text contains broken characters that cannot be stored; please type it again';
    expect(text(requiredText(), 'Shop \ud800')).toBe(malformed);
    expect(text(requiredText(), '\udc00 Shop')).toBe(malformed);
    expect(text(optionalText(), 'a\udbffb')).toBe(malformed);
    expect(text(requiredText(), '上海 南京路 🏬')).toBeNull();
    expect(isWellFormedText('😀')).toBe(true);
    expect(isWellFormedText('😀'.slice(0, 1))).toBe(false);
  });
  it('maximum length', () => {
    expect(text(requiredText(5), 'abcdef')).toBe('Maximum 5 chars');
    expect(text(personNameSchema, 'a'.repeat(15))).toBe('Maximum 14 chars');
    expect(text(personNameSchema, 'a'.repeat(14))).toBeNull();
  });
  it('e-mail', () => {
    expect(text(emailSchema, 'not-an-email')).toBe('Please enter correct email.');
    expect(emailSchema.parse(' Someone@Example.COM ')).toBe('someone@example.com');
  });
  it('positive integer', () => {
    expect(text(positiveIntSchema, '0')).toBe('Please enter correct number');
    expect(text(positiveIntSchema, '1.5')).toBe('Please enter correct number');
    expect(text(positiveIntSchema, 'x')).toBe('Please enter correct number');
    expect(text(positiveIntSchema, '7')).toBeNull();
  });
  it('numeric comparisons say must, the operator and the value', () => {
    expect(text(numberCompared('>', 0), 0)).toBe('must > 0');
    expect(text(numberCompared('<=', 90), 91)).toBe('must <= 90');
    expect(text(numberCompared('>=', 5), 4)).toBe('must >= 5');
    expect(text(numberCompared('<', 10), 10)).toBe('must < 10');
    expect(text(numberCompared('<=', 90), 90)).toBeNull();
  });
  it('tells a mobile number from an e-mail', () => {
    expect(isEmailOrPhone('13800000001')).toBe('mobile');
    expect(isEmailOrPhone('a@b.cn')).toBe('email');
    expect(isEmailOrPhone('hello')).toBeNull();
  });
});
