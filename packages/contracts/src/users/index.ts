import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { ALL_PERMISSION_KEYS } from '../platform/permissions.ts';
import { emailSchema, optionalText, passwordSchema, personNameSchema, phoneSchema, requiredText } from '../platform/validation.ts';

const required = messageRef('validation.required');
const confirmation = z.string({ error: required }).min(1, { error: required });
const passwordsMatch = {
  error: messageRef('validation.passwordMismatch'),
  path: ['confirmPassword'],
};

export const SIGNUP_TYPES = ['mobile', 'email'] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];
export const EMPLOYEE_NO_MAX_CHARS = 32;

// ---------------------------------------------------------------- users

export const userShopSchema = z.object({ shopId: z.string(), number: z.string(), name: z.string() });

export const userRowSchema = z.object({
  userId: z.string(),
  loginName: z.string(),
  employeeNo: z.string().nullable(),
  surname: z.string(),
  givenName: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  email: z.string(),
  signupType: z.enum(SIGNUP_TYPES),
  roleId: z.number().int(),
  roleName: z.string(),
  /** Organisation permission: the subtree the user may see; null with no shops means the whole customer. */
  orgId: z.string().nullable(),
  orgName: z.string().nullable(),
  shops: z.array(userShopSchema),
  enabled: z.boolean(),
  /** The account also belongs to another customer: its personal details and password are not edited here. */
  sharedAccount: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof userRowSchema>;
export const userPageSchema = pageOf(userRowSchema);

export const userListByParentOrgRequestSchema = pageRequestSchema.extend({
  orgId: idSchema,
  keyword: keywordSchema,
  enabled: z.boolean().optional(),
});
export const userListByShopIdsRequestSchema = pageRequestSchema.extend({
  shopIds: z.array(idSchema).min(1, { error: required }).max(500),
  keyword: keywordSchema,
  enabled: z.boolean().optional(),
});
export const userIdRequestSchema = z.object({ userId: idSchema });

const optionalMobile = z.union([phoneSchema, z.literal('')]).optional();

/** What the user form sets besides the account itself: role and data scope. */
const accessFields = {
  roleId: z.number({ error: required }).int(),
  /** Organisation permission; null or left out with no shops means the whole customer. */
  orgId: idSchema.nullable().optional(),
  shopIds: z.array(idSchema).max(5000).optional(),
};

const personFields = {
  surname: personNameSchema,
  givenName: personNameSchema,
  employeeNo: optionalText(EMPLOYEE_NO_MAX_CHARS).optional(),
  mobile: optionalMobile,
  signupType: z.enum(SIGNUP_TYPES).default('email'),
};

const mobileForMobileSignup = {
  error: messageRef('validation.mobileRequired'),
  path: ['mobile'],
};

/**
 * Adding a user. The login name is an e-mail; if that account already exists in another customer,
 * it gets a membership here and its password and personal details stay as they are.
 */
export const userAddRequestSchema = z
  .object({
    loginName: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmation,
    ...personFields,
    ...accessFields,
  })
  .refine((body) => body.password === body.confirmPassword, passwordsMatch)
  .refine((body) => body.signupType !== 'mobile' || !!body.mobile, mobileForMobileSignup);
export type UserAddRequest = z.infer<typeof userAddRequestSchema>;
export const userAddResponseSchema = z.object({ userId: z.string(), existingAccount: z.boolean() });

/** One row of the user import: like the add form, but the password may stay empty for an account that already exists. */
export const userImportRowSchema = z
  .object({ loginName: emailSchema, password: passwordSchema.optional(), ...personFields })
  .refine((body) => body.signupType !== 'mobile' || !!body.mobile, mobileForMobileSignup);

export const userUpdateRequestSchema = z
  .object({ userId: idSchema, ...personFields, ...accessFields })
  .refine((body) => body.signupType !== 'mobile' || !!body.mobile, mobileForMobileSignup);
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

export const userUpdateStatusRequestSchema = z.object({ userId: idSchema, enabled: z.boolean({ error: required }) });
export const userUpdatePasswordRequestSchema = z
  .object({ userId: idSchema, password: passwordSchema, confirmPassword: confirmation })
  .refine((body) => body.password === body.confirmPassword, passwordsMatch);

// ---------------------------------------------------------------- roles

const permValue = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: messageRef('validation.invalidValue', { field: 'privileges' }) });

/** A map of permission keys (spec section 6) to 0 shown, 1 disabled, 2 hidden; every key must be known. */
export const privilegesSchema = z.record(z.string(), permValue).superRefine((map, context) => {
  for (const key of Object.keys(map)) {
    if (!(ALL_PERMISSION_KEYS as readonly string[]).includes(key)) {
      context.addIssue({ code: 'custom', path: [key], message: messageRef('validation.unknownField', { field: key }) });
    }
  }
});

export const ROLE_NAME_MAX_CHARS = 32;
const roleName = requiredText(ROLE_NAME_MAX_CHARS);

export const roleRowSchema = z.object({
  roleId: z.number().int(),
  name: z.string(),
  isSystem: z.boolean(),
  updatedAt: z.string(),
  userCount: z.number().int(),
});
export const roleListRequestSchema = z.object({ keyword: keywordSchema });
export const roleDetailSchema = roleRowSchema.extend({ privileges: z.record(z.string(), z.union([z.literal(0), z.literal(1), z.literal(2)])) });
export const roleIdRequestSchema = z.object({ roleId: z.number({ error: required }).int() });
export const roleAddRequestSchema = z.object({ name: roleName, privileges: privilegesSchema.optional() });
export const roleCopyRequestSchema = z.object({ roleId: z.number({ error: required }).int(), name: roleName });
export const roleUpdateRequestSchema = z.object({
  roleId: z.number({ error: required }).int(),
  name: roleName.optional(),
  privileges: privilegesSchema.optional(),
});
export const roleIdResponseSchema = z.object({ roleId: z.number().int() });

/** Roles for the user form; `grantable` says whether the caller may give it (never more than their own rights). */
export const roleOptionSchema = z.object({ roleId: z.number().int(), name: z.string(), isSystem: z.boolean(), grantable: z.boolean() });
export const rectRoleOptionSchema = z.object({ roleId: z.number().int(), name: z.string() });
