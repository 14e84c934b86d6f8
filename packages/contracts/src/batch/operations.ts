import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import {
  batchDaysRequestSchema,
  batchDaysResponseSchema,
  batchDetailSchema,
  batchIdRequestSchema,
  batchListRequestSchema,
  batchPageSchema,
  realtimeRequestSchema,
  realtimeResponseSchema,
  screenshotQuerySchema,
  storeEntryPageSchema,
  storeEntryRequestSchema,
} from './index.ts';

const tags = ['batch'];
/** The batch tab (batchdata_nav) and 'traffic batch show' (spec section 6). */
export const BATCH_GUARD: OperationGuard = { auth: 'customer', permission: ['batchdata_nav', 'traffic_batch_show'] };
/** The operators' inner pages also need cueretail_batchdata_innerpage. */
export const BATCH_INNER_GUARD: OperationGuard = { auth: 'customer', permission: ['batchdata_nav', 'traffic_batch_show', 'cueretail_batchdata_innerpage'] };

export const batchOperations = {
  batchList: declareOperation({
    name: 'batch.list',
    method: 'POST',
    path: '/api/batch/list',
    summary: 'Visitor batches of the stores and days asked (filters: type, visitor type, reception, size), with a summary',
    tags,
    guard: BATCH_GUARD,
    body: batchListRequestSchema,
    response: batchPageSchema,
  }),
  batchExport: declareOperation({
    name: 'batch.export',
    method: 'POST',
    path: '/api/batch/export',
    summary: 'The batch list with the same filters as an Excel file',
    tags,
    guard: BATCH_GUARD,
    body: batchListRequestSchema,
    response: 'file',
  }),
  batchDays: declareOperation({
    name: 'batch.days',
    method: 'POST',
    path: '/api/batch/days',
    summary: 'Batches per store and day from the rollups, with conversion per batch beside conversion per person and reception against conversion',
    tags,
    guard: BATCH_GUARD,
    body: batchDaysRequestSchema,
    response: batchDaysResponseSchema,
  }),
  batchDetail: declareOperation({
    name: 'batch.detail',
    method: 'POST',
    path: '/api/batch/detail',
    summary: 'One batch with its screenshots (the hidden visitor detail page)',
    tags,
    guard: BATCH_GUARD,
    body: batchIdRequestSchema,
    response: batchDetailSchema,
  }),
  batchScreenshot: declareOperation({
    name: 'batch.screenshot',
    method: 'GET',
    path: '/api/batch/screenshot',
    summary: "A batch's screenshot (JPEG)",
    tags,
    guard: BATCH_GUARD,
    query: screenshotQuerySchema,
    response: 'file',
  }),
  batchEventList: declareOperation({
    name: 'batch.eventList',
    method: 'POST',
    path: '/api/batch/eventList',
    summary: 'The newest batches, and from a cursor on only those that arrived since (the real-time inner pages)',
    tags,
    guard: BATCH_INNER_GUARD,
    body: realtimeRequestSchema,
    response: realtimeResponseSchema,
  }),
  storeEntryDetail: declareOperation({
    name: 'batch.storeEntryDetail',
    method: 'POST',
    path: '/api/traffic/detail',
    summary: "A store-day's entries: time, entrance and batch of each (/storeEntry/detail)",
    tags,
    guard: BATCH_GUARD,
    body: storeEntryRequestSchema,
    response: storeEntryPageSchema,
  }),
} as const;
