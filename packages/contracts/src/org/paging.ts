import { z } from 'zod';

/** Paging of every administration list: 1-based pages of at most 100 rows. */
export const PAGE_SIZE_MAX = 100;

export const pageRequestSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;

export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), list: z.array(row) });
}
export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}

/** Search text of the list pages (name or number); blank means no filter. */
export const keywordSchema = z.string().trim().max(64).optional();
