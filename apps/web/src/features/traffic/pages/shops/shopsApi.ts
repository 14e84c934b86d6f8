import type {
  ComparisonResponse,
  comparisonRequestSchema,
  FourQuadrantWithSalesResponse,
  fourQuadrantWithSalesRequestSchema,
  RankingResponse,
  rankingRequestSchema,
} from '@storelens/contracts';
import { trafficOperations } from '@storelens/contracts';
import type { z } from 'zod';
import { callOperation } from '../../../../shared/lib/operations.ts';

/**
 * The store analysis operations (docs/API.md, "Traffic analytics"): ranking, comparison of two
 * ranges, four quadrants. Kept beside their pages; the rest of the traffic pages use ../../api.ts.
 */

export type RankingRequest = z.input<typeof rankingRequestSchema>;
export type ComparisonRequest = z.input<typeof comparisonRequestSchema>;
/** The four quadrants place shops by traffic and sales indicators alike. */
export type FourQuadrantRequest = z.input<typeof fourQuadrantWithSalesRequestSchema>;
export type FourQuadrantResponse = FourQuadrantWithSalesResponse;
export type { ComparisonResponse, RankingResponse };

export function fetchStoreRanking(request: RankingRequest): Promise<RankingResponse> {
  return callOperation(trafficOperations.storeRanking, request);
}

export function fetchStoreComparison(request: ComparisonRequest): Promise<ComparisonResponse> {
  return callOperation(trafficOperations.storeComparison, request);
}

export function fetchFourQuadrant(request: FourQuadrantRequest): Promise<FourQuadrantResponse> {
  return callOperation(trafficOperations.fourQuadrant, request);
}

/** Query keys per customer (a customer switch never shows another's numbers), under the traffic keys' prefix. */
export const shopsKeys = {
  ranking: (cid: string | null, request: RankingRequest) => ['traffic', cid, 'storeRanking', request] as const,
  comparison: (cid: string | null, request: ComparisonRequest) => ['traffic', cid, 'storeComparison', request] as const,
  fourQuadrant: (cid: string | null, request: FourQuadrantRequest) => ['traffic', cid, 'fourQuadrant', request] as const,
};
