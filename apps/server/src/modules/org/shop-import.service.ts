import { type Locale, shopAddRequestSchema } from '@storelens/contracts';
import { accessOf } from '../../platform/authz/access.ts';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { errorReportFile, refuseImport, type UploadedFile } from '../../platform/files/import-reports.ts';
import { readSheet, rowErrorsFromIssues, type SheetColumn, type StoredRowError, writeTemplate } from '../../platform/files/spreadsheet.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { orgAdminRepo } from './org-admin.repo.ts';
import { customerCurrency, DEFAULT_BUSINESS_HOURS, DEFAULT_VISIT_INTERVAL_MINUTES, logRow, newShopRow, newShopValues } from './org-admin.service.ts';
import { regionMismatch, type ShopValues } from './shop-values.ts';

type ShopColumn =
  | 'number'
  | 'name'
  | 'orgCode'
  | 'province'
  | 'city'
  | 'district'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'shopType'
  | 'floorArea'
  | 'currency'
  | 'staffCount'
  | 'businessHours'
  | 'videoPlaybackHours'
  | 'trafficDisplayHours'
  | 'visitInterval'
  | 'timeZone'
  | 'indoorPositioning'
  | 'positioningEngine'
  | 'campus'
  | 'building'
  | 'labels';

/** The template's columns, in order; new shops open, so status is not a column. */
export const SHOP_IMPORT_COLUMNS: readonly SheetColumn<ShopColumn>[] = [
  { key: 'number', header: 'import.shopNumber', example: 'SH-001' },
  { key: 'name', header: 'import.shopName', example: 'Nanjing Road', width: 24 },
  { key: 'orgCode', header: 'import.orgCode', example: 'DR-CN-SH' },
  { key: 'province', header: 'import.province', example: 'CN-SH' },
  { key: 'city', header: 'import.city', example: 'CN-SH-SH' },
  { key: 'district', header: 'import.district', example: 'CN-SH-HP' },
  { key: 'address', header: 'import.address', width: 30 },
  { key: 'latitude', header: 'import.latitude', example: '31.2352' },
  { key: 'longitude', header: 'import.longitude', example: '121.4753' },
  { key: 'shopType', header: 'import.shopType', example: 'direct' },
  { key: 'floorArea', header: 'import.floorArea', example: '240' },
  { key: 'staffCount', header: 'import.staffCount', example: '8' },
  { key: 'businessHours', header: 'import.businessHours', example: DEFAULT_BUSINESS_HOURS },
  { key: 'videoPlaybackHours', header: 'import.videoPlaybackHours', example: '09:00-23:00' },
  { key: 'trafficDisplayHours', header: 'import.trafficDisplayHours', example: DEFAULT_BUSINESS_HOURS },
  { key: 'visitInterval', header: 'import.visitInterval', example: String(DEFAULT_VISIT_INTERVAL_MINUTES) },
  { key: 'timeZone', header: 'import.timeZone', example: 'Asia/Shanghai' },
  { key: 'indoorPositioning', header: 'import.indoorPositioning', example: '0' },
  { key: 'positioningEngine', header: 'import.positioningEngine' },
  { key: 'campus', header: 'import.campus' },
  { key: 'building', header: 'import.building' },
  { key: 'labels', header: 'import.labels', example: 'flagship;mall' },
  // Issue 11: empty, the currency of the shop's country.
  { key: 'currency', header: 'import.currency', example: 'CNY', optional: true },
];

/** Field of the add schema -> column of the sheet. */
const COLUMN_OF_FIELD: Record<string, ShopColumn> = { orgId: 'orgCode' };
const columnOf = (field: string) => COLUMN_OF_FIELD[field] ?? (SHOP_IMPORT_COLUMNS.find((c) => c.key === field)?.key as ShopColumn | undefined);

/** A number cell: empty is no value; anything unreadable stays text so the schema names the error. */
function numeric(text: string): number | string | undefined {
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
}

function flag(text: string): boolean | string {
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return true;
  return text;
}

export function splitList(text: string): string[] {
  return text
    .split(/[;；,，]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Batch import of shops from the template (.xlsx). All or nothing per file: every row is checked
 * (schema, organisation code within the caller's scope, region codes, numbers unique in the file
 * and the customer) before one transaction writes them all; otherwise the file is refused with
 * row and column errors and a report to download.
 */
export function createShopImportService(deps: { db: DB }) {
  const { db } = deps;
  return {
    template: (locale: Locale) => writeTemplate(SHOP_IMPORT_COLUMNS, 'import.shopSheet', locale),

    async importShops(actor: CustomerActor, file: UploadedFile, locale: Locale): Promise<{ imported: number }> {
      const rows = await readSheet(file.content, SHOP_IMPORT_COLUMNS);
      const scope = await accessOf(db, actor).scope();
      const tenant = tenantScope(db, actor.customerId);
      const repo = orgAdminRepo(tenant);
      const defaultTimeZone = await repo.customerTimeZone();
      const fallbackCurrency = await customerCurrency(repo);
      const orgByCode = new Map(scope.orgs.filter((org) => scope.canManageOrg(org.id)).map((org) => [org.orgcode.toLowerCase(), org.id]));
      const existing = await repo.shopNumbersIn(rows.map((row) => row.values.number).filter(Boolean));

      const errors: StoredRowError[] = [];
      const accepted: ShopValues[] = [];
      const firstRowOfNumber = new Map<string, number>();
      for (const { row, values } of rows) {
        const rowErrors: StoredRowError[] = [];
        const orgId = values.orgCode ? orgByCode.get(values.orgCode.toLowerCase()) : undefined;
        if (values.orgCode && !orgId) rowErrors.push({ row, column: 'import.orgCode', message: 'import.unknownOrgCode' });
        const businessHours = values.businessHours || DEFAULT_BUSINESS_HOURS;
        const parsed = shopAddRequestSchema.safeParse({
          number: values.number,
          name: values.name,
          orgId: orgId ?? (values.orgCode ? 'unknown' : ''),
          province: values.province || null,
          city: values.city || null,
          district: values.district || null,
          address: values.address || null,
          latitude: numeric(values.latitude) ?? null,
          longitude: numeric(values.longitude) ?? null,
          shopType: values.shopType ? values.shopType.toLowerCase() : undefined,
          floorArea: numeric(values.floorArea) ?? null,
          currency: values.currency ? values.currency.trim().toUpperCase() : undefined,
          staffCount: numeric(values.staffCount) ?? null,
          businessHours,
          videoPlaybackHours: values.videoPlaybackHours || businessHours,
          trafficDisplayHours: values.trafficDisplayHours || businessHours,
          visitInterval: numeric(values.visitInterval) ?? DEFAULT_VISIT_INTERVAL_MINUTES,
          timeZone: values.timeZone || defaultTimeZone,
          indoorPositioning: flag(values.indoorPositioning),
          positioningEngine: values.positioningEngine || null,
          campus: values.campus || null,
          building: values.building || null,
          labels: splitList(values.labels),
        });
        if (!parsed.success) {
          const issues = parsed.error.issues.filter((issue) => !(issue.path[0] === 'orgId' && values.orgCode));
          rowErrors.push(...rowErrorsFromIssues(row, issues, SHOP_IMPORT_COLUMNS, columnOf));
        } else {
          const shop = newShopValues(parsed.data, fallbackCurrency);
          const mismatch = regionMismatch(shop);
          if (mismatch) rowErrors.push({ row, column: `import.${mismatch}`, message: 'validation.region' });
          if (rowErrors.length === 0) accepted.push(shop);
        }
        const number = values.number.trim();
        if (number) {
          const first = firstRowOfNumber.get(number);
          if (first !== undefined) rowErrors.push({ row, column: 'import.shopNumber', message: `import.duplicateInFile|${JSON.stringify({ row: first })}` });
          else if (existing.has(number)) rowErrors.push({ row, column: 'import.shopNumber', message: 'errors.shopNumberTaken' });
          else firstRowOfNumber.set(number, row);
        }
        errors.push(...rowErrors);
      }
      if (errors.length > 0) return refuseImport(tenant, { kind: 'shops', userId: actor.userId, fileName: file.fileName, errors, locale });

      const at = nowIso();
      const created = accepted.map((values) => ({ id: newId(), values }));
      try {
        await db.transaction().execute(async (trx) => {
          const scoped = orgAdminRepo(tenantScope(trx, actor.customerId));
          await scoped.insertShops(created.map(({ id, values }) => newShopRow(id, values, at)));
          await scoped.insertLogs(created.map(({ id, values }) => ({ ...logRow(id, actor.userId, 'import', null, values, at) })));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.shopNumberTaken');
        throw error;
      }
      return { imported: created.length };
    },

    errorReport: (actor: CustomerActor, id: string, locale: Locale) =>
      errorReportFile(tenantScope(db, actor.customerId), { id, kind: 'shops', userId: actor.userId, locale }),
  };
}
export type ShopImportService = ReturnType<typeof createShopImportService>;
