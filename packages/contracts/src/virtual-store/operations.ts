import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { RoleId } from '../platform/roles.ts';
import {
  panoDeleteSchema,
  panoImageQuerySchema,
  panoInfoRequestSchema,
  panoInfoResponseSchema,
  panoramaSchema,
  panoTileQuerySchema,
  panoUpdateSchema,
} from './index.ts';

const tags = ['virtual-store'];
/** Watching the tour: the spec's panoramic-tour key. */
export const PANO_VIEW_GUARD: OperationGuard = { auth: 'customer', permission: 'panotour_show' };
/**
 * Changing a store's panoramas is store configuration: the tour's key plus the spec's 'config page'
 * feature key (the one camera management needs), the observer barred whatever its map says; data
 * scope still limits a store manager to their own stores (docs/decisions/virtual-store.md).
 */
export const PANO_EDIT_GUARD: OperationGuard = { auth: 'customer', permission: ['panotour_show', 'config_page'], barRoles: [RoleId.observer] };

export const virtualStoreOperations = {
  panoInfo: declareOperation({
    name: 'virtualStore.panoInfo',
    method: 'POST',
    path: '/api/pano/info',
    summary: "A store's panoramas in tour order, with their hotspots (camera live views) and links to other panoramas",
    tags,
    guard: PANO_VIEW_GUARD,
    body: panoInfoRequestSchema,
    response: panoInfoResponseSchema,
  }),
  panoUpload: declareOperation({
    name: 'virtualStore.panoUpload',
    method: 'POST',
    path: '/api/pano/upload',
    summary:
      'Add a panorama to a store: multipart fields shopId and name, the part "file" an equirectangular JPEG (2:1, size and byte limits); nothing is stored on refusal',
    tags,
    guard: PANO_EDIT_GUARD,
    response: panoramaSchema,
    upload: true,
  }),
  panoUpdate: declareOperation({
    name: 'virtualStore.panoUpdate',
    method: 'POST',
    path: '/api/pano/update',
    summary: "Change a panorama's name, initial view or tour order, or replace its hotspots and links",
    tags,
    guard: PANO_EDIT_GUARD,
    body: panoUpdateSchema,
    response: panoramaSchema,
  }),
  panoDelete: declareOperation({
    name: 'virtualStore.panoDelete',
    method: 'POST',
    path: '/api/pano/delete',
    summary: 'Delete a panorama, its image and tiles, and the links of other panoramas that led to it',
    tags,
    guard: PANO_EDIT_GUARD,
    body: panoDeleteSchema,
    response: panoDeleteSchema,
  }),
  panoImage: declareOperation({
    name: 'virtualStore.panoImage',
    method: 'GET',
    path: '/api/pano/image',
    summary: "A panorama's whole image as JPEG: 'base' (low resolution, shown while tiles load) or 'full' (the stored size)",
    tags,
    guard: PANO_VIEW_GUARD,
    query: panoImageQuerySchema,
    response: 'file',
  }),
  panoTile: declareOperation({
    name: 'virtualStore.panoTile',
    method: 'GET',
    path: '/api/pano/tile',
    summary: "One tile of a panorama (JPEG, the tiles adapter's col and row)",
    tags,
    guard: PANO_VIEW_GUARD,
    query: panoTileQuerySchema,
    response: 'file',
  }),
} as const;
