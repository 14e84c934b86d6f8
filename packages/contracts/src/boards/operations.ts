import { z } from 'zod';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { RoleId } from '../platform/roles.ts';
import { boardEmbedSchema, boardRequestSchema, boardSaveRequestSchema, boardSettingSchema } from './index.ts';

const tags = ['boards'];
/** Board pages are shown per permission: cueretail_databoard_show (ours; the spec names no key). */
export const BOARD_VIEW_GUARD: OperationGuard = { auth: 'customer', permission: 'cueretail_databoard_show' };
/** Addresses and secrets are set by our operators: the inner operation role, for the customer they serve. */
export const BOARD_SETTINGS_GUARD: OperationGuard = { auth: 'customer', allowRoles: [RoleId.innerOperation] };

export const boardsOperations = {
  boardEmbed: declareOperation({
    name: 'boards.embed',
    method: 'POST',
    path: '/api/dataBoard/embed',
    summary: "A board page's address for the caller: signed now (customer, stores, language; short-lived HS256) when the board is signed",
    tags,
    guard: BOARD_VIEW_GUARD,
    body: boardRequestSchema,
    response: boardEmbedSchema,
  }),
  boardSettings: declareOperation({
    name: 'boards.settings',
    method: 'POST',
    path: '/api/dataBoard/settings',
    summary: "Every board's address and signing for this customer (operators only; secrets are never answered)",
    tags,
    guard: BOARD_SETTINGS_GUARD,
    response: z.array(boardSettingSchema),
  }),
  boardSave: declareOperation({
    name: 'boards.save',
    method: 'POST',
    path: '/api/dataBoard/save',
    summary: "Set a board's address and signing for this customer (operators only)",
    tags,
    guard: BOARD_SETTINGS_GUARD,
    body: boardSaveRequestSchema,
    response: boardSettingSchema,
  }),
} as const;
