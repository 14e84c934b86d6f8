import {
  LOCALES,
  type Locale,
  type MessageKey,
  POS_EXAMPLE_ORDER_NUMBER,
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

/** The example row of the template, as typed cells (text where the template's format is text). */
const EXAMPLE_ROW: Record<SalesField, string | number> = {
  shopNumber: FIELD_EXAMPLES.shopNumber,
  orderNumber: POS_EXAMPLE_ORDER_NUMBER,
  date: FIELD_EXAMPLES.date,
  time: FIELD_EXAMPLES.time,
  quantity: Number(FIELD_EXAMPLES.quantity),
  amount: Number(FIELD_EXAMPLES.amount),
  paymentType: FIELD_EXAMPLES.paymentType,
  itemCount: Number(FIELD_EXAMPLES.itemCount),
};

/** The rule the import applies to each column (pos-values.ts, pos-parse.ts), with its limits. */
const FIELD_RULES: Record<SalesField, { key: MessageKey; params?: Record<string, string | number> }> = {
  shopNumber: { key: 'pos.ruleShopNumber', params: { max: POS_LIMITS.orderNumberMaxChars } },
  orderNumber: { key: 'pos.ruleOrderNumber', params: { max: POS_LIMITS.orderNumberMaxChars } },
  date: { key: 'pos.ruleDate' },
  time: { key: 'pos.ruleTime' },
  quantity: { key: 'pos.ruleQuantity', params: { decimals: POS_LIMITS.quantityDecimals, digits: POS_LIMITS.quantityDigits } },
  amount: { key: 'pos.ruleAmount', params: { digits: POS_LIMITS.amountDigits } },
  paymentType: { key: 'pos.rulePaymentType', params: { max: POS_LIMITS.paymentTypeMaxChars } },
  itemCount: { key: 'pos.ruleItemCount', params: { max: POS_LIMITS.itemCountMax } },
};

/** The notes sheet: per column whether it is required, the rule the import applies and an example; then the rules of the whole file. */
function writeNotes(workbook: ExcelJS.Workbook, columns: readonly SalesTemplateColumn[], locale: Locale): void {
  const tr = (key: MessageKey, params?: Record<string, string | number>) => translateMessage(locale, key, params);
  const sheet = workbook.addWorksheet(tr('pos.notesSheet'));
  sheet.columns = [
    { header: tr('pos.noteColumn'), width: 22 },
    { header: tr('pos.noteRequired'), width: 10 },
    { header: tr('pos.noteRule'), width: 100, style: { alignment: { wrapText: true, vertical: 'top' } } },
    { header: tr('pos.noteExample'), width: 22 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const column of columns) {
    const rule = FIELD_RULES[column.field];
    sheet.addRow([
      column.header,
      tr(isRequiredField(column.field) ? 'export.yes' : 'export.no'),
      tr(rule.key, rule.params),
      column.field === 'orderNumber' ? POS_EXAMPLE_ORDER_NUMBER : FIELD_EXAMPLES[column.field],
    ]);
  }
  sheet.addRow([]);
  sheet.addRow([tr('pos.noteGeneral')]).font = { bold: true };
  for (const line of [
    tr('pos.ruleFile', { mb: Math.round(POS_LIMITS.maxBytes / 1024 / 1024), rows: POS_LIMITS.maxRows, files: POS_LIMITS.maxFiles }),
    tr('pos.ruleSheet'),
    tr('pos.ruleReplace'),
    tr('pos.ruleExample', { example: POS_EXAMPLE_ORDER_NUMBER }),
  ])
    sheet.addRow(['', '', line]);
}

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

    /**
     * The .xlsx to fill in: the header row of the template (a note with an example on each header),
     * an example row the import skips (its order number is POS_EXAMPLE_ORDER_NUMBER), and a second
     * sheet (never read by the import) with the rules the import applies, in the reader's language.
     */
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
      sheet.addRow(Object.fromEntries(enabled.map((column) => [column.field, EXAMPLE_ROW[column.field]])));
      writeNotes(workbook, enabled, locale);
      return { fileName: 'sales-template.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) };
    },
  };
}
export type SalesTemplateService = ReturnType<typeof createSalesTemplateService>;
