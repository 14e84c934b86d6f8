import { z } from 'zod';
import { idSchema } from '../org/index.ts';
import { keywordSchema, pageOf, pageRequestSchema } from '../org/paging.ts';
import { messageRef } from '../platform/messages.ts';
import { optionalText, requiredText } from '../platform/validation.ts';
import { localDateSchema } from '../traffic/index.ts';

/**
 * Hygiene logs (issue 16 section 3): the store's staff (people who work there, not necessarily
 * users) with their health certificates, and the store's logs of staff training, disinfection and
 * waste disposal, each with photos; statistics of how complete and current each store's logs are.
 */
export const HYGIENE_LIMITS = {
  nameMaxChars: 40,
  positionMaxChars: 40,
  certificateNumberMaxChars: 60,
  issuerMaxChars: 80,
  textMaxChars: 200,
  attendeesMax: 200,
  /** A waste record weighs at most this (kg). */
  weightMaxKg: 100_000,
  /** An image upload: JPEG, PNG or WebP up to this size, kept as a JPEG of at most imageMaxSide pixels. */
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxSide: 1600,
  /** Reminders to the store's managers this many days before a certificate expires. */
  reminderDays: [30, 7] as readonly number[],
  /** A statistics period spans at most this many days. */
  statsMaxDays: 366,
} as const;

/** valid: more than 30 days left; expiring: 30 days or fewer; expired: past its expiry date (in the store's own day). */
export const CERTIFICATE_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const HYGIENE_RECORD_KINDS = ['training', 'disinfection', 'waste'] as const;
export type HygieneRecordKind = (typeof HYGIENE_RECORD_KINDS)[number];
/** What the download writes: the certificates or one of the three logs. */
export const HYGIENE_LOGS = ['certificates', ...HYGIENE_RECORD_KINDS] as const;
export type HygieneLog = (typeof HYGIENE_LOGS)[number];

const required = messageRef('validation.required');
const instantSchema = z.iso.datetime({ offset: true, error: required });
const shopIdsSchema = z.array(idSchema).max(5000).optional();

// ---------------------------------------------------------------- employees

export const employeeRowSchema = z.object({
  employeeId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  name: z.string(),
  position: z.string(),
  /** The latest-expiring certificate's expiry date and status; null: no certificate. */
  certificateExpiresOn: z.string().nullable(),
  certificateStatus: z.enum(CERTIFICATE_STATUSES).nullable(),
  createdAt: z.string(),
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;
export const employeePageSchema = pageOf(employeeRowSchema);

export const employeeListRequestSchema = pageRequestSchema.extend({ shopIds: shopIdsSchema, keyword: keywordSchema });
export const employeeCreateRequestSchema = z.object({
  shopId: idSchema,
  name: requiredText(HYGIENE_LIMITS.nameMaxChars),
  position: optionalText(HYGIENE_LIMITS.positionMaxChars).default(''),
});
export type EmployeeCreateRequest = z.input<typeof employeeCreateRequestSchema>;
export const employeeUpdateRequestSchema = z.object({
  employeeId: idSchema,
  name: requiredText(HYGIENE_LIMITS.nameMaxChars),
  position: optionalText(HYGIENE_LIMITS.positionMaxChars).default(''),
});
export const employeeIdRequestSchema = z.object({ employeeId: idSchema });
export const employeeIdResponseSchema = z.object({ employeeId: z.string() });

// ---------------------------------------------------------------- certificates

export const certificateRowSchema = z.object({
  certificateId: z.string(),
  employeeId: z.string(),
  employeeName: z.string(),
  position: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  number: z.string(),
  issuer: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  /** Days from the store's today to the expiry date (negative once expired). */
  daysLeft: z.number().int(),
  imageId: z.string().nullable(),
  createdAt: z.string(),
});
export type CertificateRow = z.infer<typeof certificateRowSchema>;
export const certificatePageSchema = pageOf(certificateRowSchema);

export const certificateListRequestSchema = pageRequestSchema.extend({
  shopIds: shopIdsSchema,
  keyword: keywordSchema,
  status: z.enum(CERTIFICATE_STATUSES).optional(),
});
export type CertificateFilter = Omit<z.infer<typeof certificateListRequestSchema>, 'page' | 'pageSize'>;

const certificateFields = {
  number: requiredText(HYGIENE_LIMITS.certificateNumberMaxChars),
  issuer: requiredText(HYGIENE_LIMITS.issuerMaxChars),
  issuedOn: localDateSchema,
  expiresOn: localDateSchema,
  /** The certificate's picture, uploaded with uploadImage. */
  imageId: idSchema,
};
const datesInOrder = (value: { issuedOn: string; expiresOn: string }) => value.expiresOn >= value.issuedOn;
const datesError = { path: ['expiresOn'], error: messageRef('hygiene.expiryBeforeIssue') };
export const certificateCreateRequestSchema = z.object({ employeeId: idSchema, ...certificateFields }).refine(datesInOrder, datesError);
export type CertificateCreateRequest = z.input<typeof certificateCreateRequestSchema>;
export const certificateUpdateRequestSchema = z.object({ certificateId: idSchema, ...certificateFields }).refine(datesInOrder, datesError);
export type CertificateUpdateRequest = z.input<typeof certificateUpdateRequestSchema>;
export const certificateIdRequestSchema = z.object({ certificateId: idSchema });
export const certificateIdResponseSchema = z.object({ certificateId: z.string() });

// ---------------------------------------------------------------- records (training, disinfection, waste)

export const recordRowSchema = z.object({
  recordId: z.string(),
  kind: z.enum(HYGIENE_RECORD_KINDS),
  shopId: z.string(),
  shopName: z.string(),
  /** When it happened (a training: the start of its day in the store's zone). */
  occurredAt: z.string(),
  /** The store's calendar day of it. */
  localDate: z.string(),
  // training
  topic: z.string().nullable(),
  trainer: z.string().nullable(),
  attendees: z.array(z.object({ employeeId: z.string(), name: z.string() })),
  // disinfection
  area: z.string().nullable(),
  method: z.string().nullable(),
  agent: z.string().nullable(),
  person: z.string().nullable(),
  // waste
  wasteType: z.string().nullable(),
  weightKg: z.number().nullable(),
  collector: z.string().nullable(),
  /** The attachment, photo or receipt. */
  imageId: z.string().nullable(),
  createdAt: z.string(),
});
export type HygieneRecordRow = z.infer<typeof recordRowSchema>;
export const recordPageSchema = pageOf(recordRowSchema);

export const recordFilterSchema = z.object({
  kind: z.enum(HYGIENE_RECORD_KINDS),
  shopIds: shopIdsSchema,
  /** The store's days from startDate to endDate, both included. */
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
});
export type RecordFilter = z.infer<typeof recordFilterSchema>;
export const recordListRequestSchema = pageRequestSchema.extend(recordFilterSchema.shape);

export const trainingCreateRequestSchema = z.object({
  shopId: idSchema,
  topic: requiredText(HYGIENE_LIMITS.textMaxChars),
  date: localDateSchema,
  trainer: requiredText(HYGIENE_LIMITS.nameMaxChars),
  /** Employees of the store who attended. */
  attendeeIds: z
    .array(idSchema)
    .min(1, { error: messageRef('hygiene.attendeesRequired') })
    .max(HYGIENE_LIMITS.attendeesMax),
  /** Optional attachment image. */
  imageId: idSchema.optional(),
});
export type TrainingCreateRequest = z.input<typeof trainingCreateRequestSchema>;
export const disinfectionCreateRequestSchema = z.object({
  shopId: idSchema,
  area: requiredText(HYGIENE_LIMITS.textMaxChars),
  method: requiredText(HYGIENE_LIMITS.textMaxChars),
  agent: requiredText(HYGIENE_LIMITS.textMaxChars),
  occurredAt: instantSchema,
  person: requiredText(HYGIENE_LIMITS.nameMaxChars),
  imageId: idSchema,
});
export type DisinfectionCreateRequest = z.input<typeof disinfectionCreateRequestSchema>;
export const wasteCreateRequestSchema = z.object({
  shopId: idSchema,
  wasteType: requiredText(HYGIENE_LIMITS.textMaxChars),
  weightKg: z
    .number({ error: required })
    .positive({ error: messageRef('hygiene.weightRange', { max: HYGIENE_LIMITS.weightMaxKg }) })
    .max(HYGIENE_LIMITS.weightMaxKg, { error: messageRef('hygiene.weightRange', { max: HYGIENE_LIMITS.weightMaxKg }) }),
  collector: requiredText(HYGIENE_LIMITS.nameMaxChars),
  occurredAt: instantSchema,
  imageId: idSchema,
});
export type WasteCreateRequest = z.input<typeof wasteCreateRequestSchema>;
export const recordIdRequestSchema = z.object({ recordId: idSchema });
export const recordIdResponseSchema = z.object({ recordId: z.string() });

export const hygieneDownloadRequestSchema = z.object({
  log: z.enum(HYGIENE_LOGS),
  shopIds: shopIdsSchema,
  startDate: localDateSchema.optional(),
  endDate: localDateSchema.optional(),
});
export type HygieneDownloadRequest = z.infer<typeof hygieneDownloadRequestSchema>;

// ---------------------------------------------------------------- the employee details page

export const employeeDetailSchema = employeeRowSchema.extend({
  certificates: z.array(certificateRowSchema),
  trainings: z.array(recordRowSchema),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

// ---------------------------------------------------------------- statistics (the hygienic shop stat page)

export const hygieneStatsRequestSchema = z.object({
  shopIds: shopIdsSchema,
  startDate: localDateSchema,
  endDate: localDateSchema,
});
export type HygieneStatsRequest = z.infer<typeof hygieneStatsRequestSchema>;
export const hygieneStatsRowSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  shopNumber: z.string(),
  employees: z.number().int(),
  /** Employees whose certificate is valid today (expiring ones still count: they are valid). */
  validCertificates: z.number().int(),
  /** validCertificates / employees, 0..1; null for a store with no staff on record (nothing to claim). */
  certificateShare: z.number().nullable(),
  expiringCertificates: z.number().int(),
  expiredEmployees: z.number().int(),
  /** Days of the period (up to the store's today) with at least one disinfection record, and the days counted. */
  disinfectionDays: z.number().int(),
  periodDays: z.number().int(),
  trainingRecords: z.number().int(),
  wasteRecords: z.number().int(),
  wasteKg: z.number(),
  /** The mean of the certificate share and the disinfection day share, 0..1: how complete the store's logs are. */
  completeness: z.number(),
});
export type HygieneStatsRow = z.infer<typeof hygieneStatsRowSchema>;

export const hygieneUploadedImageSchema = z.object({ mediaId: z.string(), width: z.number().int(), height: z.number().int() });
export const hygieneMediaQuerySchema = z.object({ mediaId: idSchema });
