import { z } from 'zod';
import { LOCALES } from '../platform/locales.ts';
import { messageRef } from '../platform/messages.ts';
import { emailSchema, passwordSchema, personNameSchema, phoneSchema } from '../platform/validation.ts';

const required = messageRef('validation.required');

export const selectCustomerRequestSchema = z.object({ cid: z.string({ error: required }).trim().min(1, { error: required }).max(64) });
export const customerInfoSchema = z.object({
  cid: z.string(),
  cname: z.string(),
  countries: z.array(z.string()),
  defaultTimeZone: z.string(),
});
/** `wholeCustomer`: the caller's data scope is the whole customer, so customer-wide settings are theirs to change (the server decides; the web only offers what it allows). */
export const selectCustomerResponseSchema = z.object({ rid: z.number().int(), roleName: z.string(), cusInfo: customerInfoSchema, wholeCustomer: z.boolean() });
export type CustomerInfo = z.infer<typeof customerInfoSchema>;
export type SelectCustomerResponse = z.infer<typeof selectCustomerResponseSchema>;

export const authCustomersResponseSchema = z.array(z.object({ cid: z.string(), cname: z.string() }));

export const permissionMapResponseSchema = z.record(z.string(), z.union([z.literal(0), z.literal(1), z.literal(2)]));

export const userInfoSchema = z.object({
  uid: z.string(),
  username: z.string(),
  loginName: z.string(),
  surname: z.string(),
  givenName: z.string(),
  employeeNo: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string(),
  signupType: z.enum(['mobile', 'email']),
  locale: z.enum(LOCALES),
  rid: z.number().int(),
  roleName: z.string(),
  organisation: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const updateSelfInfoRequestSchema = z.object({
  surname: personNameSchema,
  givenName: personNameSchema,
  mobile: z.union([phoneSchema, z.literal('')]).optional(),
  email: emailSchema.optional(),
  locale: z.enum(LOCALES).optional(),
});

export const changeOwnPasswordRequestSchema = z
  .object({
    oldPassword: z.string({ error: required }).min(1, { error: required }).max(128),
    password: passwordSchema,
    confirmPassword: z.string({ error: required }).min(1, { error: required }),
  })
  .refine((body) => body.password === body.confirmPassword, { error: messageRef('validation.passwordMismatch'), path: ['confirmPassword'] });

/**
 * A node of the organisation, shop and camera trees (spec section 3). orgType 1 is a shop, 0 an
 * organisation, 2 a camera; keys are the org code, shop id or camera id with their own prefix.
 * A negative prmType marks a node the user may see but not select (an ancestor outside their scope).
 */
export interface TreeNode {
  key: string;
  name: string;
  orgType: 0 | 1 | 2;
  /** The organisation's id (organisation nodes): what org/add, changeName and delete take. */
  orgId?: string;
  orgcode?: string;
  shopId?: string;
  cameraId?: string;
  keywordTxt: string;
  prmType: number;
  isClosed?: boolean;
  closeTime?: string | null;
  timeZone?: string;
  sublist: TreeNode[];
  cameraList?: TreeNode[];
}
export const treeNodeSchema: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    name: z.string(),
    orgType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    orgId: z.string().optional(),
    orgcode: z.string().optional(),
    shopId: z.string().optional(),
    cameraId: z.string().optional(),
    keywordTxt: z.string(),
    prmType: z.number().int(),
    isClosed: z.boolean().optional(),
    closeTime: z.string().nullable().optional(),
    timeZone: z.string().optional(),
    sublist: z.array(treeNodeSchema),
    cameraList: z.array(treeNodeSchema).optional(),
  }),
);
export const TREE_KEY_PREFIX = { org: 'o_', shop: 's_', camera: 'c_' } as const;

export const shopTreeVariantSchema = z.enum(['all', 'hygienic', 'device', 'old']);
export const shopTree2RequestSchema = z.object({ variant: shopTreeVariantSchema.default('all'), hideClosed: z.boolean().optional() });
export const treeRequestSchema = z.object({ hideClosed: z.boolean().optional() });

export const noticeCountSchema = z.object({ alert: z.number().int(), plan: z.number().int(), rectification: z.number().int() });
export type NoticeCount = z.infer<typeof noticeCountSchema>;

export const holidaysRequestSchema = z.object({
  years: z.array(z.number().int().min(2000).max(2100)).min(1).max(3),
  status: z.number().int().optional(),
});
export const holidaySchema = z.object({ date: z.string(), name: z.string(), country: z.string(), type: z.string() });
export const holidaysResponseSchema = z.record(z.string(), z.array(holidaySchema));

export const specialPowerResponseSchema = z.object({ superManager: z.boolean(), allShops: z.boolean(), powers: z.array(z.string()) });
export const retentionDaysResponseSchema = z.object({ days: z.number().int() });

export interface CityNode {
  code: string;
  name: string;
  children?: CityNode[];
}
export const cityNodeSchema: z.ZodType<CityNode> = z.lazy(() => z.object({ code: z.string(), name: z.string(), children: z.array(cityNodeSchema).optional() }));

export const langDicResponseSchema = z.record(z.string(), z.object({ en: z.string(), ch: z.string(), kr: z.string(), jp: z.string() }));

export type UpdateSelfInfoRequest = z.infer<typeof updateSelfInfoRequestSchema>;
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordRequestSchema>;
export type HolidaysResponse = z.infer<typeof holidaysResponseSchema>;
export type Holiday = z.infer<typeof holidaySchema>;
export type SpecialPowerResponse = z.infer<typeof specialPowerResponseSchema>;
export type RetentionDaysResponse = z.infer<typeof retentionDaysResponseSchema>;
export type LangDicResponse = z.infer<typeof langDicResponseSchema>;
export type ShopTreeVariant = z.infer<typeof shopTreeVariantSchema>;
