import { type OperationInput, aiTaskOperations as ops } from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** AI task commands (docs/API.md, "AI tasks"); reads are in hooks/useAiTasks.ts. */

export const addAiTask = (input: OperationInput<typeof ops.add>) => callOperation(ops.add, input);
export const updateAiTask = (input: OperationInput<typeof ops.update>) => callOperation(ops.update, input);
export const setAiTaskEnabled = (taskId: string, enabled: boolean) => callOperation(ops.setEnabled, { taskId, enabled });
export const removeAiTask = (taskId: string) => callOperation(ops.remove, { taskId });
export const aiTaskNameExists = (name: string, taskId?: string) => callOperation(ops.isNameExist, { name, taskId }, { silent: true });
