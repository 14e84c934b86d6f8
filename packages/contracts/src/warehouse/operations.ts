import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { RoleId } from '../platform/roles.ts';
import {
  checkImageQuerySchema,
  checkJudgeRequestSchema,
  patrolAnalysisRequestSchema,
  patrolAnalysisSchema,
  singleDayRequestSchema,
  singleDaySchema,
  warehouseCheckSchema,
  warehousePlanAddRequestSchema,
  warehousePlanIdResponseSchema,
} from './index.ts';

const tags = ['warehousePatrol'];

/** The extension services tab and its warehouse patrol group (spec section 6: extservice_nav, cueretail_ext_patrol_inspect). */
export const WAREHOUSE_READ_GUARD: OperationGuard = { auth: 'customer', permission: ['extservice_nav', 'cueretail_ext_patrol_inspect'] };
/** Plans and people's results change the record: never the observer. */
export const WAREHOUSE_WRITE_GUARD: OperationGuard = {
  auth: 'customer',
  permission: ['extservice_nav', 'cueretail_ext_patrol_inspect'],
  barRoles: [RoleId.observer],
};

export const warehouseOperations = {
  planAdd: declareOperation({
    name: 'warehousePatrol.planAdd',
    method: 'POST',
    path: '/api/warehousePatrol/plan/add',
    summary:
      "Create a warehouse plan: an inspection plan of type 'warehouse', every day of its validity, checking the chosen stock-room cameras of the caller's stores at the set store-local times",
    tags,
    guard: WAREHOUSE_WRITE_GUARD,
    body: warehousePlanAddRequestSchema,
    response: warehousePlanIdResponseSchema,
  }),
  patrolAnalysis: declareOperation({
    name: 'warehousePatrol.patrolAnalysis',
    method: 'POST',
    path: '/api/warehousePatrol/patrolAnalysis',
    summary: "Warehouse checks of the caller's stores over store-local dates (at most 365 days): done, passed, failed, missed per store and day, and the trend",
    tags,
    guard: WAREHOUSE_READ_GUARD,
    body: patrolAnalysisRequestSchema,
    response: patrolAnalysisSchema,
  }),
  patrolAnalysisExport: declareOperation({
    name: 'warehousePatrol.patrolAnalysisExport',
    method: 'POST',
    path: '/api/warehousePatrol/patrolAnalysis/export',
    summary: 'The same analysis as an Excel workbook (one row per store and day) in the caller’s language',
    tags,
    guard: WAREHOUSE_READ_GUARD,
    body: patrolAnalysisRequestSchema,
    response: 'file',
  }),
  singleDayDetails: declareOperation({
    name: 'warehousePatrol.singleDayDetails',
    method: 'POST',
    path: '/api/warehousePatrol/singleDayDetails',
    summary: "One store's checks of one local date in time order, with their screenshots' state, results and who gave them",
    tags,
    guard: WAREHOUSE_READ_GUARD,
    body: singleDayRequestSchema,
    response: singleDaySchema,
  }),
  checkImage: declareOperation({
    name: 'warehousePatrol.checkImage',
    method: 'GET',
    path: '/api/warehousePatrol/check/image',
    summary: "A check's screenshot (the frame of the camera's recording at the check's instant), as JPEG",
    tags,
    guard: WAREHOUSE_READ_GUARD,
    query: checkImageQuerySchema,
    response: 'file',
  }),
  checkJudge: declareOperation({
    name: 'warehousePatrol.checkJudge',
    method: 'POST',
    path: '/api/warehousePatrol/check/judge',
    summary:
      "A person's result of a check awaiting one (the to-do of the plan's handlers): pass, or fail with a remark; once, while its window is open (the box's AI's result, when it came first, stands)",
    tags,
    guard: WAREHOUSE_WRITE_GUARD,
    body: checkJudgeRequestSchema,
    response: warehouseCheckSchema,
  }),
} as const;
