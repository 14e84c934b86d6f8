import { INSPECTION_LIMITS, type ItemStatus, LOCALES, type Locale, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { DB } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { errorReportFile, refuseImport, type UploadedFile } from '../../platform/files/import-reports.ts';
import { readSheet, type SheetColumn, type StoredRowError, writeTemplate } from '../../platform/files/spreadsheet.ts';
import type { CustomerActor } from '../../platform/http/context.ts';
import { refused } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { tenantScope } from '../../platform/tenancy/scoped.ts';
import { nowIso } from '../../platform/time/clock.ts';
import { type ItemFilter, type ItemRow, nameKey, sopRepo } from './sop.repo.ts';

type ItemColumn = 'category' | 'name' | 'description' | 'status';

/** The template's columns; the export writes the same ones, so an exported file imports again elsewhere. */
export const ITEM_IMPORT_COLUMNS: readonly SheetColumn<ItemColumn>[] = [
  { key: 'category', header: 'inspection.colCategory', example: 'Store front', width: 22 },
  { key: 'name', header: 'inspection.colName', example: 'Entrance is clean and unobstructed', width: 36 },
  { key: 'description', header: 'inspection.colDescription', example: 'No boxes or trolleys within 2 m of the door', width: 48 },
  { key: 'status', header: 'inspection.colStatus', example: 'available', width: 20, optional: true },
];

const STATUS_LABELS = { available: 'inspection.statusAvailable', filed: 'inspection.statusFiled' } as const;

/** A status cell: the code (available/filed) or its label in any of the four languages; empty means available. */
function statusOf(text: string): ItemStatus | null {
  const value = text.trim().toLowerCase();
  if (value === '') return 'available';
  for (const status of ['available', 'filed'] as const) {
    if (value === status || LOCALES.some((locale) => translateMessage(locale, STATUS_LABELS[status]).toLowerCase() === value)) return status;
  }
  return null;
}

/**
 * Items to and from Excel, with the machinery of the shop and user imports: the template in the
 * caller's language (headers accepted in any of the four), all or nothing per file, errors by row
 * and column with a downloadable report. Categories are named by their name and must exist.
 */
export function createSopImportService(deps: { db: DB }) {
  const { db } = deps;

  return {
    template: (locale: Locale) => writeTemplate(ITEM_IMPORT_COLUMNS, 'inspection.itemSheet', locale),

    async importItems(actor: CustomerActor, file: UploadedFile, locale: Locale): Promise<{ imported: number }> {
      const rows = await readSheet(file.content, ITEM_IMPORT_COLUMNS);
      const tenant = tenantScope(db, actor.customerId);
      const repo = sopRepo(tenant);
      const [categories, existing] = await Promise.all([repo.categories(), repo.itemKeys()]);
      const categoryByKey = new Map(categories.map((category) => [category.name_key, category.id]));
      const errors: StoredRowError[] = [];
      const accepted: ItemRow[] = [];
      const firstRowOf = new Map<string, number>();
      const at = nowIso();
      for (const { row, values } of rows) {
        const error = (column: SheetColumn<ItemColumn>['header'], message: string) => errors.push({ row, column, message });
        const categoryId = categoryByKey.get(nameKey(values.category));
        if (!values.category) error('inspection.colCategory', 'validation.required');
        else if (!categoryId) error('inspection.colCategory', 'inspection.unknownCategory');
        const name = values.name.trim();
        const key = nameKey(name);
        if (!name) error('inspection.colName', 'validation.required');
        else if (name.length > INSPECTION_LIMITS.itemNameMaxChars)
          error('inspection.colName', `validation.maxChars|${JSON.stringify({ n: INSPECTION_LIMITS.itemNameMaxChars })}`);
        else if (existing.has(key)) error('inspection.colName', 'errors.itemNameDuplicated');
        else if (firstRowOf.has(key)) error('inspection.colName', `import.duplicateInFile|${JSON.stringify({ row: firstRowOf.get(key) })}`);
        else firstRowOf.set(key, row);
        if (values.description.length > INSPECTION_LIMITS.descriptionMaxChars)
          error('inspection.colDescription', `validation.maxChars|${JSON.stringify({ n: INSPECTION_LIMITS.descriptionMaxChars })}`);
        const status = statusOf(values.status);
        if (!status) error('inspection.colStatus', `validation.invalidValue|${JSON.stringify({ field: 'status' })}`);
        if (categoryId && name && status && !errors.some((e) => e.row === row)) {
          accepted.push({
            id: newId(),
            category_id: categoryId,
            name,
            name_key: key,
            description: values.description,
            status,
            image_key: null,
            image_sha256: null,
            created_by: actor.userId,
            created_at: at,
            updated_at: at,
            filed_at: status === 'filed' ? at : null,
          });
        }
      }
      if (errors.length > 0) return refuseImport(tenant, { kind: 'inspection_items', userId: actor.userId, fileName: file.fileName, errors, locale });
      try {
        await db.transaction().execute(async (trx) => {
          const writer = sopRepo(tenantScope(trx, actor.customerId));
          for (let start = 0; start < accepted.length; start += 200) await writer.insertItems(accepted.slice(start, start + 200));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('errors.itemNameDuplicated');
        throw error;
      }
      return { imported: accepted.length };
    },

    errorReport: (actor: CustomerActor, id: string, locale: Locale) =>
      errorReportFile(tenantScope(db, actor.customerId), { id, kind: 'inspection_items', userId: actor.userId, locale }),

    /** The items of the list filter, in the template's columns and the reader's language. */
    async exportItems(actor: CustomerActor, filter: ItemFilter, locale: Locale): Promise<{ fileName: string; content: Buffer }> {
      const items = await sopRepo(tenantScope(db, actor.customerId)).items(filter);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(translateMessage(locale, 'inspection.itemSheet'));
      sheet.columns = ITEM_IMPORT_COLUMNS.map((column) => ({ header: translateMessage(locale, column.header), key: column.key, width: column.width ?? 18 }));
      sheet.getRow(1).font = { bold: true };
      for (const item of items)
        sheet.addRow({
          category: item.category_name,
          name: item.name,
          description: item.description,
          status: translateMessage(locale, STATUS_LABELS[item.status]),
        });
      return { fileName: 'inspection-items.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) };
    },
  };
}
export type SopImportService = ReturnType<typeof createSopImportService>;
