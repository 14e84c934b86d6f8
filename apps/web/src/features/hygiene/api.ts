import { type OperationInput, hygieneOperations as ops } from '@storelens/contracts';
import { callOperation, uploadToOperation } from '../../shared/lib/operations.ts';

/** Hygiene commands (docs/API.md, "Hygiene logs"); reads are in hooks/useHygiene.ts. */

export const createEmployee = (input: OperationInput<typeof ops.employeeCreate>) => callOperation(ops.employeeCreate, input);
export const updateEmployee = (input: OperationInput<typeof ops.employeeUpdate>) => callOperation(ops.employeeUpdate, input);
export const deleteEmployee = (employeeId: string) => callOperation(ops.employeeDelete, { employeeId });
export const createCertificate = (input: OperationInput<typeof ops.certificateCreate>) => callOperation(ops.certificateCreate, input);
export const updateCertificate = (input: OperationInput<typeof ops.certificateUpdate>) => callOperation(ops.certificateUpdate, input);
export const deleteCertificate = (certificateId: string) => callOperation(ops.certificateDelete, { certificateId });
export const createTraining = (input: OperationInput<typeof ops.trainingCreate>) => callOperation(ops.trainingCreate, input);
export const createDisinfection = (input: OperationInput<typeof ops.disinfectionCreate>) => callOperation(ops.disinfectionCreate, input);
export const createWaste = (input: OperationInput<typeof ops.wasteCreate>) => callOperation(ops.wasteCreate, input);
export const deleteRecord = (recordId: string) => callOperation(ops.recordDelete, { recordId });
export const downloadHygiene = (input: OperationInput<typeof ops.download>) => callOperation(ops.download, input) as Promise<Blob>;

/** One picture, checked and resized on the server. Silent: the field shows the refusal itself. */
export const uploadHygieneImage = (file: File) => uploadToOperation(ops.uploadImage, file, file.name, { silent: true });
/** A picture fetched with the session (never a token in an <img> address). */
export const fetchHygieneMedia = (mediaId: string) => callOperation(ops.media, { mediaId }, { silent: true }) as Promise<Blob>;
