import { z } from 'zod';
import { Limits, PASSWORD_SPECIALS } from './limits.ts';
import { messageRef } from './messages.ts';

/**
 * The form rules of spec section 5, defined once. The web's forms and the server's schemas use the
 * same helpers, so the message a user sees on blur is the one the server answers with.
 */
const required = messageRef('validation.required');

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const escapedSpecials = PASSWORD_SPECIALS.replace(/[\\\]^-]/g, '\\$&');
const SPECIAL_PATTERN = new RegExp(`[${escapedSpecials}]`);
const ALLOWED_PASSWORD_CHARS = new RegExp(`^[A-Za-z0-9${escapedSpecials}]+$`);

// A UTF-16 surrogate without its partner: JSON can carry it (\ud800), but no database column, file or
// screen can show it, so it would be stored as '\ufffd' and read back as '�'.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text with a lone surrogate (malformed Unicode), which cannot be stored as it was typed. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

const wellFormed = { error: messageRef('validation.malformedText') };

/** Required text: trimmed, not empty, at most `max` characters, well-formed Unicode. */
export function requiredText(max: number = Limits.nameMaxChars) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isWellFormedText, { ...wellFormed, abort: true })
    .max(max, { error: messageRef('validation.maxChars', { n: max }) });
}

export function optionalText(max: number = Limits.textMaxChars) {
  return z
    .string()
    .trim()
    .refine(isWellFormedText, { ...wellFormed, abort: true })
    .max(max, { error: messageRef('validation.maxChars', { n: max }) });
}

export const phoneSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .regex(MOBILE_PATTERN, { error: messageRef('validation.phone') });

export const emailSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .max(254, { error: messageRef('validation.maxChars', { n: 254 }), abort: true })
  .regex(EMAIL_PATTERN, { error: messageRef('validation.email') })
  .transform((value) => value.toLowerCase());

/**
 * 8-16 characters with at least one letter, one digit and one special character. A missing letter
 * answers the spec's message; anything else missing is named as what it is.
 */
export const passwordSchema = z
  .string({ error: required })
  .min(1, { error: required, abort: true })
  .min(Limits.passwordMinChars, { error: messageRef('validation.passwordLength'), abort: true })
  .max(Limits.passwordMaxChars, { error: messageRef('validation.passwordLength'), abort: true })
  .refine((value) => /[A-Za-z]/.test(value), { error: messageRef('validation.passwordRule'), abort: true })
  .refine((value) => /\d/.test(value), { error: messageRef('validation.passwordDigit'), abort: true })
  .refine((value) => SPECIAL_PATTERN.test(value), { error: messageRef('validation.passwordSpecial', { specials: PASSWORD_SPECIALS }), abort: true })
  .refine((value) => ALLOWED_PASSWORD_CHARS.test(value), { error: messageRef('validation.passwordChars', { specials: PASSWORD_SPECIALS }) });

/** Employee names are fewer than 15 characters (spec section 5). */
export const personNameSchema = requiredText(Limits.staffNameMaxChars);

export const positiveIntSchema = z.coerce
  .number({ error: messageRef('validation.positiveInt') })
  .int({ error: messageRef('validation.positiveInt'), abort: true })
  .positive({ error: messageRef('validation.positiveInt') });

export type CompareOperator = '>' | '>=' | '<' | '<=';

/** Numeric comparison with the spec's 'must' plus operator and value message. */
export function numberCompared(op: CompareOperator, value: number) {
  const error = messageRef('validation.compare', { op, value });
  const base = z.number({ error: messageRef('validation.positiveInt') });
  switch (op) {
    case '>':
      return base.gt(value, { error });
    case '>=':
      return base.gte(value, { error });
    case '<':
      return base.lt(value, { error });
    case '<=':
      return base.lte(value, { error });
  }
}

/** 'Please enter correct phone' or e-mail, as the password-recovery forms need. */
export function isEmailOrPhone(value: string): 'email' | 'mobile' | null {
  const trimmed = value.trim();
  if (MOBILE_PATTERN.test(trimmed)) return 'mobile';
  if (EMAIL_PATTERN.test(trimmed)) return 'email';
  return null;
}

/** Runs one schema on one value and returns the first failure's message reference, or null. */
export function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
