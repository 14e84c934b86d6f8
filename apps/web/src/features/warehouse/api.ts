import { type OperationInput, warehouseOperations as ops } from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Warehouse patrol (docs/API.md, "Warehouse patrol"). */
export const exportPatrolAnalysis = (input: OperationInput<typeof ops.patrolAnalysisExport>) => callOperation(ops.patrolAnalysisExport, input) as Promise<Blob>;
export const fetchCheckImage = (checkId: string) => callOperation(ops.checkImage, { checkId }, { silent: true }) as Promise<Blob>;
export const judgeCheck = (input: OperationInput<typeof ops.checkJudge>) => callOperation(ops.checkJudge, input);
export const addWarehousePlan = (input: OperationInput<typeof ops.planAdd>) => callOperation(ops.planAdd, input);
