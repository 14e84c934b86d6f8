import { type CameraPoint, cameraParametersSchema, type Locale, translateMessage } from '@storelens/contracts';
import ExcelJS from 'exceljs';
import type { UploadedFile } from '../../platform/files/import-reports.ts';
import { readSheet, rowErrorsFromIssues, type SheetColumn, type StoredRowError } from '../../platform/files/spreadsheet.ts';
import { AppError } from '../../platform/http/errors.ts';

type Key =
  | 'cameraNumber'
  | 'installPosition'
  | 'focalX'
  | 'focalY'
  | 'calibWidth'
  | 'calibHeight'
  | 'tiltDeg'
  | 'installHeightM'
  | 'installXM'
  | 'installYM'
  | 'towardXM'
  | 'towardYM';

/** The camera point sheet: the export's columns are the upload's, so an exported file edited in Excel uploads again. */
export const CAMERA_COLUMNS: readonly SheetColumn<Key>[] = [
  { key: 'cameraNumber', header: 'floorplan.colCameraNumber', width: 16 },
  { key: 'installPosition', header: 'floorplan.colInstallPosition', width: 22 },
  { key: 'focalX', header: 'floorplan.colFocalX' },
  { key: 'focalY', header: 'floorplan.colFocalY' },
  { key: 'calibWidth', header: 'floorplan.colCalibWidth' },
  { key: 'calibHeight', header: 'floorplan.colCalibHeight' },
  { key: 'tiltDeg', header: 'floorplan.colTilt' },
  { key: 'installHeightM', header: 'floorplan.colInstallHeight' },
  { key: 'installXM', header: 'floorplan.colInstallX' },
  { key: 'installYM', header: 'floorplan.colInstallY' },
  { key: 'towardXM', header: 'floorplan.colTowardX' },
  { key: 'towardYM', header: 'floorplan.colTowardY' },
];
const NUMERIC: readonly Key[] = [
  'focalX',
  'focalY',
  'calibWidth',
  'calibHeight',
  'tiltDeg',
  'installHeightM',
  'installXM',
  'installYM',
  'towardXM',
  'towardYM',
];

export async function cameraPointWorkbook(points: readonly CameraPoint[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translateMessage(locale, 'floorplan.cameraSheet'));
  sheet.columns = CAMERA_COLUMNS.map((column) => ({ header: translateMessage(locale, column.header), key: column.key, width: column.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  // Camera numbers as text keeps leading zeros.
  sheet.getColumn(1).numFmt = '@';
  for (const point of points) sheet.addRow({ ...point, cameraNumber: point.cameraNumber });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface SheetCameraPoint {
  row: number;
  cameraNumber: string;
  installPosition: string;
  parameters: ReturnType<typeof cameraParametersSchema.parse>;
}

/**
 * Reads an uploaded camera point sheet into checked rows and row errors. `check` projects a row
 * (refusing parameters the plan cannot take); its refusal becomes that row's error.
 */
export async function readCameraSheet(
  file: UploadedFile,
  check: (row: SheetCameraPoint) => void,
): Promise<{ rows: SheetCameraPoint[]; errors: StoredRowError[] }> {
  const rows: SheetCameraPoint[] = [];
  const errors: StoredRowError[] = [];
  for (const { row, values } of await readSheet(file.content, CAMERA_COLUMNS)) {
    const numbers = Object.fromEntries(NUMERIC.map((key) => [key, values[key] === '' ? undefined : Number(values[key])]));
    const parsed = cameraParametersSchema.safeParse(numbers);
    if (!parsed.success) {
      errors.push(...rowErrorsFromIssues(row, parsed.error.issues, CAMERA_COLUMNS, (field) => CAMERA_COLUMNS.find((column) => column.key === field)?.key));
      continue;
    }
    const entry = { row, cameraNumber: values.cameraNumber, installPosition: values.installPosition, parameters: parsed.data };
    try {
      check(entry);
      rows.push(entry);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const column = error.messageKey === 'floorplan.cameraUnknown' ? 'floorplan.colCameraNumber' : '';
      errors.push({ row, column, message: error.messageKey });
    }
  }
  return { rows, errors };
}
