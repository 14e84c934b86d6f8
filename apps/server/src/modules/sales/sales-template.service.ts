import {
  LOCALES,
  type Locale,
  POS_LIMITS,
  SALES_FIELDS,
  type SalesField,
  type SalesTemplateColumn,
  type SalesTemplateResponse,
  type SalesTemplateSaveRequest,
  translateMessage,
} from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { DB } from '../../platform/db/database.ts';
import type { DownloadFile } from '../../platform/http/download.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { posRepo } from './pos.repo.ts';
import { defaultTemplate, FIELD_EXAMPLES, FIELD_LABELS, isRequiredField } from './sales-template.ts';

/** Cell formats of the template: identifiers and dates as text (leading zeros and yyyy/mm/dd survive Excel). */
const FIELD_FORMATS: Record<SalesField, string> = {
  shopNumber: '@',
  orderNumber: '@',
  date: '@',
  time: '@',
  quantity: '0.###',
  amount: '0.00',
  paymentType: '@',
  itemCount: '0',
};

/**
 * The customer's POS file template (/settings/settingSales/salesTemplateSetup): which columns its
 * files have, in which order, under which headers; and the matching .xlsx to fill in.
 */
export function createSalesTemplateService(deps: { db: DB }) {
  const { db } = deps;

  /** The template in force: the saved one, or the default in the caller's language. */
  async function effective(customerId: string, locale: Locale): Promise<{ columns: SalesTemplateColumn[]; isDefault: boolean; updatedAt: string | null }> {
    const saved = await posRepo(tenantScope(db, customerId)).template();
    if (!saved) return { columns: defaultTemplate(locale), isDefault: true, updatedAt: null };
    return { columns: JSON.parse(saved.columns) as SalesTemplateColumn[], isDefault: false, updatedAt: saved.updated_at };
  }

  function present(template: Awaited<ReturnType<typeof effective>>): SalesTemplateResponse {
    return {
      columns: template.columns.map((column) => ({ ...column, required: isRequiredField(column.field) })),
      isDefault: template.isDefault,
      updatedAt: template.updatedAt,
      limits: { maxBytes: POS_LIMITS.maxBytes, maxFiles: POS_LIMITS.maxFiles, maxRows: POS_LIMITS.maxRows },
    };
  }

  return {
    effective,
    get: async (customerId: string, locale: Locale) => present(await effective(customerId, locale)),

    async save(customerId: string, userId: string, input: SalesTemplateSaveRequest, locale: Locale): Promise<SalesTemplateResponse> {
      // A header that is another field's default name would make the file's header ambiguous.
      for (const column of input.columns) {
        const header = column.header.trim().toLowerCase();
        const clash = SALES_FIELDS.some(
          (field) => field !== column.field && LOCALES.some((language) => translateMessage(language, FIELD_LABELS[field]).toLowerCase() === header),
        );
        if (column.enabled && clash) throw badRequest('pos.duplicateHeader', { header: column.header });
      }
      const columns = input.columns.map((column) => ({ field: column.field, header: column.header.trim(), enabled: column.enabled }));
      await posRepo(tenantScope(db, customerId)).saveTemplate({ columns: JSON.stringify(columns), updated_by: userId, updated_at: nowIso() });
      return present(await effective(customerId, locale));
    },

    /** The .xlsx to fill in: the header row of the template, a note with an example on each header. */
    async download(customerId: string, locale: Locale): Promise<DownloadFile> {
      const { columns } = await effective(customerId, locale);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(translateMessage(locale, 'pos.templateSheet'));
      const enabled = columns.filter((column) => column.enabled);
      sheet.columns = enabled.map((column) => ({ header: column.header, key: column.field, width: 20, style: { numFmt: FIELD_FORMATS[column.field] } }));
      const header = sheet.getRow(1);
      header.font = { bold: true };
      enabled.forEach((column, index) => {
        header.getCell(index + 1).note = FIELD_EXAMPLES[column.field];
      });
      return { fileName: 'sales-template.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) };
    },
  };
}
export type SalesTemplateService = ReturnType<typeof createSalesTemplateService>;
