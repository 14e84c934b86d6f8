import { z } from 'zod';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import { RoleId } from '../platform/roles.ts';
import {
  handlerCandidateSchema,
  handlerCandidatesRequestSchema,
  historyRowSchema,
  mediaQuerySchema,
  rectificationCreateRequestSchema,
  rectificationDetailSchema,
  rectificationDownloadRequestSchema,
  rectificationIdRequestSchema,
  rectificationIdResponseSchema,
  rectificationListRequestSchema,
  rectificationPageSchema,
  rectificationReferRequestSchema,
  rectificationReviewRequestSchema,
  rectificationSubmitRequestSchema,
  uploadedImageSchema,
} from './index.ts';

const tags = ['rectification'];

/** My to-do's rectification page (/myTodo/mendTodo): the to-do tab and its rectification key (spec section 6). */
export const RECTIFICATION_TODO_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'shopinspect_todo_nav', 'shopinspect_todo_rect'] };
/** Task management's rectification page (/taskManagement/taskMendTodo): the 'todo all-rectification' key. */
export const RECTIFICATION_ALL_GUARD: OperationGuard = {
  auth: 'customer',
  permission: ['shopinspect_show', 'shopinspect_mngplan', 'todo_all_rectification'],
};
/** One item's pages and pictures: the inspection tab; the service decides whether the caller may see the item. */
export const RECTIFICATION_READ_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show'] };
/** Answering, referring, reviewing: the service decides who (handler, founder, reviewer); the observer never changes anything. */
export const RECTIFICATION_ACT_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show'], barRoles: [RoleId.observer] };
/** 'create rectification' (spec section 6). */
export const RECTIFICATION_CREATE_GUARD: OperationGuard = {
  auth: 'customer',
  permission: ['shopinspect_show', 'rectification_create'],
  barRoles: [RoleId.observer],
};

/** The spec's rectification operations (section 7: user todo list, by creator, all, download, record, detail, submit, refer, create) and ours. */
export const rectificationOperations = {
  userTodoList: declareOperation({
    name: 'rectification.userTodoList',
    method: 'POST',
    path: '/api/rectification/userTodoList',
    summary: "The caller's to-do: items they handle (open ones unless states are asked for), in their stores, paged",
    tags,
    guard: RECTIFICATION_TODO_GUARD,
    body: rectificationListRequestSchema,
    response: rectificationPageSchema,
  }),
  listByCreator: declareOperation({
    name: 'rectification.listByCreator',
    method: 'POST',
    path: '/api/rectification/listByCreator',
    summary: 'Items the caller founded or reviews (their approvals wait here), in their stores, paged',
    tags,
    guard: RECTIFICATION_TODO_GUARD,
    body: rectificationListRequestSchema,
    response: rectificationPageSchema,
  }),
  listAll: declareOperation({
    name: 'rectification.listAll',
    method: 'POST',
    path: '/api/rectification/listAll',
    summary: "Every item in the caller's stores ('todo all-rectification'), with filters, paged",
    tags,
    guard: RECTIFICATION_ALL_GUARD,
    body: rectificationListRequestSchema,
    response: rectificationPageSchema,
  }),
  download: declareOperation({
    name: 'rectification.download',
    method: 'POST',
    path: '/api/rectification/download',
    summary: "One of the three lists with its filters as an Excel file (the 'all' list needs 'todo all-rectification')",
    tags,
    guard: RECTIFICATION_READ_GUARD,
    body: rectificationDownloadRequestSchema,
    response: 'file',
  }),
  detail: declareOperation({
    name: 'rectification.detail',
    method: 'POST',
    path: '/api/rectification/detail',
    summary: 'One item: store, item, problem, evidence, the latest answer, the frame at the deadline, and what the caller may do',
    tags,
    guard: RECTIFICATION_READ_GUARD,
    body: rectificationIdRequestSchema,
    response: rectificationDetailSchema,
  }),
  record: declareOperation({
    name: 'rectification.record',
    method: 'POST',
    path: '/api/rectification/record',
    summary: 'The append-only history of an item: every action, who, when and why, oldest first',
    tags,
    guard: RECTIFICATION_READ_GUARD,
    body: rectificationIdRequestSchema,
    response: z.array(historyRowSchema),
  }),
  submit: declareOperation({
    name: 'rectification.submit',
    method: 'POST',
    path: '/api/rectification/submit',
    summary: 'The handler answers a pending or rejected item with feedback and up to 9 images; it then waits for review',
    tags,
    guard: RECTIFICATION_ACT_GUARD,
    body: rectificationSubmitRequestSchema,
    response: rectificationIdResponseSchema,
  }),
  refer: declareOperation({
    name: 'rectification.refer',
    method: 'POST',
    path: '/api/rectification/refer',
    summary: 'Hand an open item over to another handler of the store, with the reason (kept in the history)',
    tags,
    guard: RECTIFICATION_ACT_GUARD,
    body: rectificationReferRequestSchema,
    response: rectificationIdResponseSchema,
  }),
  review: declareOperation({
    name: 'rectification.review',
    method: 'POST',
    path: '/api/rectification/review',
    summary: 'The founder or reviewer approves an answer (changed) or rejects it with a reason (back to the handler)',
    tags,
    guard: RECTIFICATION_ACT_GUARD,
    body: rectificationReviewRequestSchema,
    response: rectificationIdResponseSchema,
  }),
  create: declareOperation({
    name: 'rectification.create',
    method: 'POST',
    path: '/api/rectification/create',
    summary: 'Create an item by hand for a store: item, problem, handler (default: the store’s), deadline (default: 3 days), camera and images as evidence',
    tags,
    guard: RECTIFICATION_CREATE_GUARD,
    body: rectificationCreateRequestSchema,
    response: rectificationIdResponseSchema,
  }),
  handlers: declareOperation({
    name: 'rectification.handlers',
    method: 'POST',
    path: '/api/rectification/handlers',
    summary: "People who may handle a store's items (rectification roles whose data scope covers it), the default one first",
    tags,
    guard: RECTIFICATION_READ_GUARD,
    body: handlerCandidatesRequestSchema,
    response: z.array(handlerCandidateSchema),
  }),
  uploadImage: declareOperation({
    name: 'rectification.uploadImage',
    method: 'POST',
    path: '/api/rectification/uploadImage',
    summary: "An image for an answer or a new item: the part 'file' (JPEG, PNG or WebP; checked and resized on the server); its id goes into submit or create",
    tags,
    guard: RECTIFICATION_ACT_GUARD,
    response: uploadedImageSchema,
    upload: true,
  }),
  media: declareOperation({
    name: 'rectification.media',
    method: 'GET',
    path: '/api/rectification/media',
    summary: 'A picture of an item (evidence, feedback, the frame at the deadline) or one the caller uploaded, as JPEG',
    tags,
    guard: RECTIFICATION_READ_GUARD,
    query: mediaQuerySchema,
    response: 'file',
  }),
};
