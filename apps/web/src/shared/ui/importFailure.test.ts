import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http.ts';
import { describeImportFailure } from './ImportModal.tsx';

describe('import failures', () => {
  it('keeps the row errors and report id of a refused file', () => {
    const refusal = { errorReportId: 'r1', errorCount: 2, errors: [{ row: 2, column: 'Store name', message: 'Required Field' }] };
    const error = new HttpError('status', 'Incorrect file content: 2 rows have errors. Nothing was imported', {
      status: 422,
      data: refusal,
      url: '/api/shop/upload',
    });
    expect(describeImportFailure(error, 'Upload failed')).toEqual({ message: error.message, refusal });
  });

  it('shows the server message alone for other refusals, and the fallback for anything else', () => {
    const header = new HttpError('status', 'The header does not match the template', { status: 422, data: null, url: '/api/shop/upload' });
    expect(describeImportFailure(header, 'Upload failed')).toEqual({ message: header.message, refusal: null });
    expect(describeImportFailure(new Error('boom'), 'Upload failed')).toEqual({ message: 'Upload failed', refusal: null });
  });
});
