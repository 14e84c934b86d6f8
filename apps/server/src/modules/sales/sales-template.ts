import {
  LOCALES,
  type Locale,
  type MessageKey,
  messageRef,
  REQUIRED_SALES_FIELDS,
  SALES_FIELDS,
  type SalesField,
  type SalesTemplateColumn,
  translateMessage,
} from '@storelens/contracts';

/** The default header of each field (a message key, so it exists in the four languages). */
export const FIELD_LABELS: Record<SalesField, MessageKey> = {
  shopNumber: 'pos.colShopNumber',
  orderNumber: 'pos.colOrderNumber',
  date: 'pos.colDate',
  time: 'pos.colTime',
  quantity: 'pos.colQuantity',
  amount: 'pos.colAmount',
  paymentType: 'pos.colPaymentType',
  itemCount: 'pos.colItemCount',
};

/** What the template shows as a note on each header cell: the format, by example. */
export const FIELD_EXAMPLES: Record<SalesField, string> = {
  shopNumber: 'SH-001',
  orderNumber: 'POS-20260301-0001',
  date: '2026/03/01',
  time: '14:35',
  quantity: '2',
  amount: '199.00',
  paymentType: 'card',
  itemCount: '2',
};

export const isRequiredField = (field: SalesField) => REQUIRED_SALES_FIELDS.includes(field);

/** The template of a customer that has saved none: every column, headers in the caller's language. */
export function defaultTemplate(locale: Locale): SalesTemplateColumn[] {
  return SALES_FIELDS.map((field) => ({ field, header: translateMessage(locale, FIELD_LABELS[field]), enabled: true }));
}

const normalize = (text: string) => text.trim().toLowerCase();

/** A header cell names a column when it is the template's header or the field's default in any language. */
function namesColumn(text: string, column: SalesTemplateColumn): boolean {
  const wanted = normalize(text);
  if (wanted === normalize(column.header)) return true;
  return LOCALES.some((locale) => normalize(translateMessage(locale, FIELD_LABELS[column.field])) === wanted);
}

export interface HeaderProblem {
  /** The header as the file or the template writes it. */
  column: string;
  message: string;
}

/**
 * Maps the header row to the template's enabled columns: the columns may come in any order, but
 * every one must be there once, and nothing else may be (spec section 5: the header must match the
 * template). Returns the 0-based cell index of each field, or the problems found.
 */
export function mapHeader(
  cells: readonly string[],
  template: readonly SalesTemplateColumn[],
): { index: Partial<Record<SalesField, number>>; problems: HeaderProblem[] } {
  const enabled = template.filter((column) => column.enabled);
  const index: Partial<Record<SalesField, number>> = {};
  const problems: HeaderProblem[] = [];
  cells.forEach((text, cellIndex) => {
    if (!text) return;
    const column = enabled.find((candidate) => index[candidate.field] === undefined && namesColumn(text, candidate));
    if (column) index[column.field] = cellIndex;
    else problems.push({ column: text, message: messageRef('pos.unknownColumn', { header: text }) });
  });
  for (const column of enabled) if (index[column.field] === undefined) problems.push({ column: column.header, message: 'pos.missingColumn' });
  return { index, problems };
}
