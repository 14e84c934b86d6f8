import { z } from 'zod';
import { messageRef } from '../platform/messages.ts';
import { optionalText } from '../platform/validation.ts';

/**
 * Embedded data boards (issue 17 section 3): six pages under /dataBoard, each showing an external
 * board page by address. Our operators (the inner operation role) set each board's address per
 * customer; the address may be signed with a short-lived HS256 token in the form Metabase or
 * Superset accept, or our own (docs/decisions/boards.md documents the payloads).
 */
export const BOARD_KEYS = ['businessTool', 'manageBoard', 'shopBoard', 'marketBrain', 'composeAnalyse', 'spaceRow'] as const;
export type BoardKey = (typeof BOARD_KEYS)[number];

/**
 * none: the address as set; storelens: `token=<jwt>` added to the address's query; metabase: the
 * address is the Metabase site, the page is `/embed/dashboard/<jwt>`; superset: the address is the
 * Superset site, the page is `/embedded/<dashboard uuid>` and the guest token goes to it by message.
 */
export const BOARD_SIGNINGS = ['none', 'storelens', 'metabase', 'superset'] as const;
export type BoardSigning = (typeof BOARD_SIGNINGS)[number];

export const BOARD_LIMITS = {
  /** Lifetime of a signed token: the page asks for a fresh one when it expires. */
  tokenSeconds: 600,
  secretMinChars: 32,
  secretMaxChars: 256,
} as const;

const invalid = (field: string) => ({ error: messageRef('validation.invalidValue', { field }) });

/** An absolute http(s) address (the board's page, or for Metabase and Superset the site). */
export const boardAddressSchema = z
  .string()
  .trim()
  .max(1000, { error: messageRef('validation.maxChars', { n: 1000 }) })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: messageRef('boards.address') },
  );

export function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

export const boardSaveRequestSchema = z.object({
  board: z.enum(BOARD_KEYS, invalid('board')),
  /** Empty: the page says it has no address. */
  address: boardAddressSchema.default(''),
  signing: z.enum(BOARD_SIGNINGS, invalid('signing')).default('none'),
  /** Metabase: the dashboard number; Superset: the embedded dashboard's uuid. */
  resourceId: optionalText(100).default(''),
  /** Superset's GUEST_TOKEN_JWT_AUDIENCE. */
  audience: optionalText(200).default(''),
  /** The signing secret; left out keeps the stored one. Never answered back. */
  secret: z
    .string()
    .min(BOARD_LIMITS.secretMinChars, { error: messageRef('boards.secretLength', { min: BOARD_LIMITS.secretMinChars }) })
    .max(BOARD_LIMITS.secretMaxChars, { error: messageRef('validation.maxChars', { n: BOARD_LIMITS.secretMaxChars }) })
    .optional(),
});
export type BoardSaveRequest = z.infer<typeof boardSaveRequestSchema>;

export const boardSettingSchema = z.object({
  board: z.enum(BOARD_KEYS),
  address: z.string(),
  signing: z.enum(BOARD_SIGNINGS),
  resourceId: z.string(),
  audience: z.string(),
  hasSecret: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type BoardSetting = z.infer<typeof boardSettingSchema>;

export const boardRequestSchema = z.object({ board: z.enum(BOARD_KEYS, invalid('board')) });
/** What a board page shows: the address to frame (signed for this user now), or that there is none. */
export const boardEmbedSchema = z.object({
  board: z.enum(BOARD_KEYS),
  configured: z.boolean(),
  signing: z.enum(BOARD_SIGNINGS),
  /** The iframe's address (with the token where the signing puts it there). */
  url: z.string().nullable(),
  origin: z.string().nullable(),
  /** Superset only: the guest token the page hands to the embedded dashboard. */
  guestToken: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type BoardEmbed = z.infer<typeof boardEmbedSchema>;
