import { z } from 'zod';
import { Limits } from '../platform/limits.ts';
import { messageRef } from '../platform/messages.ts';
import { passwordSchema } from '../platform/validation.ts';

const required = messageRef('validation.required');
const accountText = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(254, { error: messageRef('validation.maxChars', { n: 254 }) });

export const customerSummarySchema = z.object({ cid: z.string(), cname: z.string() });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const loginRequestSchema = z.object({
  account: accountText,
  password: z
    .string({ error: required })
    .min(1, { error: required })
    .max(128, { error: messageRef('validation.maxChars', { n: 128 }) }),
  captchaId: z.string().max(64).optional(),
  captchaText: z.string().max(16).optional(),
});
export const loginResponseSchema = z.object({
  uid: z.string(),
  cids: z.array(customerSummarySchema),
  token: z.string(),
  username: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const checkCaptchaRequestSchema = z.object({ account: accountText });
export const checkCaptchaResponseSchema = z.object({
  required: z.boolean(),
  captchaId: z.string().optional(),
  /** An SVG image, present when required. */
  image: z.string().optional(),
});

/** An account for password recovery: an 11-digit mobile number or an e-mail. */
export const recoveryAccountRequestSchema = z.object({ account: accountText });
export const isUserExistResponseSchema = z.object({ exists: z.boolean(), type: z.enum(['mobile', 'email']) });

export const sendEmailCodeRequestSchema = z.object({ email: accountText });
export const sendMobileCodeRequestSchema = z.object({ mobile: accountText });
export const sendCodeResponseSchema = z.object({ resendAfterSeconds: z.number().int(), expiresInMinutes: z.number().int() });

const codeText = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(6, { error: messageRef('errors.codeIncorrect') });

export const checkCodeRequestSchema = z.object({ account: accountText, code: codeText });
export const checkCodeResponseSchema = z.object({ valid: z.literal(true) });

export const resetPasswordRequestSchema = z
  .object({ account: accountText, code: codeText, password: passwordSchema, confirmPassword: z.string({ error: required }).min(1, { error: required }) })
  .refine((body) => body.password === body.confirmPassword, {
    error: messageRef('validation.passwordMismatch'),
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const VERIFICATION_CODE_LENGTH = 6;
export const RECOVERY_LIMITS = {
  ttlMinutes: Limits.verificationCodeTtlMinutes,
  maxAttempts: Limits.verificationCodeMaxAttempts,
  resendSeconds: Limits.verificationCodeResendSeconds,
} as const;

export type CheckCaptchaResponse = z.infer<typeof checkCaptchaResponseSchema>;
export type IsUserExistResponse = z.infer<typeof isUserExistResponseSchema>;
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;
export type CheckCodeResponse = z.infer<typeof checkCodeResponseSchema>;
