import { z } from 'zod';
import { declareOperation, type OperationGuard } from '../platform/operation.ts';
import {
  aiItemClassSchema,
  aiItemListRequestSchema,
  aiItemSchema,
  aiTaskCreateRequestSchema,
  aiTaskDetailSchema,
  aiTaskIdRequestSchema,
  aiTaskIdResponseSchema,
  aiTaskListRequestSchema,
  aiTaskNameCheckRequestSchema,
  aiTaskNameCheckResponseSchema,
  aiTaskPageSchema,
  aiTaskStatusRequestSchema,
  aiTaskUpdateRequestSchema,
} from './index.ts';

const tags = ['ai-tasks'];

/** The task-management pages (spec section 6: shopinspect_show, shopinspect_mngplan), as the inspection plans. */
export const AI_TASK_READ_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'shopinspect_mngplan'] };
/** Adding, changing, switching and deleting AI tasks: also the feature key 'AI plan create' (ai_plan_create). */
export const AI_TASK_WRITE_GUARD: OperationGuard = { auth: 'customer', permission: ['shopinspect_show', 'shopinspect_mngplan', 'ai_plan_create'] };

/** The spec's AI operations (section 7: AI add/update/remove/page/info/item class/items) and a name check. */
export const aiTaskOperations = {
  itemClasses: declareOperation({
    name: 'aiTasks.itemClasses',
    method: 'POST',
    path: '/api/ai/itemClass',
    summary: 'The AI inspection item classes (one catalogue for every customer), with how many items each holds',
    tags,
    guard: AI_TASK_READ_GUARD,
    body: z.object({}),
    response: z.array(aiItemClassSchema),
  }),
  items: declareOperation({
    name: 'aiTasks.items',
    method: 'POST',
    path: '/api/ai/items',
    summary: 'The AI inspection items (the event codes the boxes report), of one class or all, by keyword',
    tags,
    guard: AI_TASK_READ_GUARD,
    body: aiItemListRequestSchema,
    response: z.array(aiItemSchema),
  }),
  page: declareOperation({
    name: 'aiTasks.page',
    method: 'POST',
    path: '/api/ai/page',
    summary: "AI tasks of the caller's stores, filtered by name, store, item, priority and state, paged",
    tags,
    guard: AI_TASK_READ_GUARD,
    body: aiTaskListRequestSchema,
    response: aiTaskPageSchema,
  }),
  info: declareOperation({
    name: 'aiTasks.info',
    method: 'POST',
    path: '/api/ai/info',
    summary: 'One AI task with its stores, cameras and items (the details page)',
    tags,
    guard: AI_TASK_READ_GUARD,
    body: aiTaskIdRequestSchema,
    response: aiTaskDetailSchema,
  }),
  isNameExist: declareOperation({
    name: 'aiTasks.isNameExist',
    method: 'POST',
    path: '/api/ai/isNameExist',
    summary: 'Whether another AI task of the customer has this name (the form checks as one types; add and update refuse it anyway)',
    tags,
    guard: AI_TASK_READ_GUARD,
    body: aiTaskNameCheckRequestSchema,
    response: aiTaskNameCheckResponseSchema,
  }),
  add: declareOperation({
    name: 'aiTasks.add',
    method: 'POST',
    path: '/api/ai/add',
    summary: "Add an AI task: items on cameras of the caller's stores, weekdays, hours and priority",
    tags,
    guard: AI_TASK_WRITE_GUARD,
    body: aiTaskCreateRequestSchema,
    response: aiTaskIdResponseSchema,
  }),
  update: declareOperation({
    name: 'aiTasks.update',
    method: 'POST',
    path: '/api/ai/update',
    summary: 'Change an AI task; the boxes of its old and new cameras pick it up on their next configuration poll',
    tags,
    guard: AI_TASK_WRITE_GUARD,
    body: aiTaskUpdateRequestSchema,
    response: aiTaskIdResponseSchema,
  }),
  setEnabled: declareOperation({
    name: 'aiTasks.setEnabled',
    method: 'POST',
    path: '/api/ai/updateStatus',
    summary: 'Enable or disable an AI task (a disabled task is not sent to the boxes)',
    tags,
    guard: AI_TASK_WRITE_GUARD,
    body: aiTaskStatusRequestSchema,
    response: aiTaskIdResponseSchema,
  }),
  remove: declareOperation({
    name: 'aiTasks.remove',
    method: 'POST',
    path: '/api/ai/remove',
    summary: 'Delete an AI task (alarms it raised stay)',
    tags,
    guard: AI_TASK_WRITE_GUARD,
    body: aiTaskIdRequestSchema,
    response: aiTaskIdResponseSchema,
  }),
};
