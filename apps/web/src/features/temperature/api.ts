import { type OperationInput, temperatureOperations as ops } from '@storelens/contracts';
import { callOperation } from '../../shared/lib/operations.ts';

/** Temperature monitoring (docs/API.md, "Temperature monitoring"). */
export const exportReadings = (input: OperationInput<typeof ops.exportReadings>) => callOperation(ops.exportReadings, input) as Promise<Blob>;
export const takeAction = (input: OperationInput<typeof ops.alertAction>) => callOperation(ops.alertAction, input);
export const saveSensor = (input: OperationInput<typeof ops.sensorSave>) => callOperation(ops.sensorSave, input);
