import { type CompareOperator, firstError, parseMessageRef } from '@storelens/contracts';
import type { z } from 'zod';

export interface NumberLimit {
  op: CompareOperator;
  value: number;
}

export interface NumberLimits {
  lower: NumberLimit | null;
  upper: NumberLimit | null;
}

// Far outside any setting's range, and whole numbers, so they pass an integer check.
const FAR_BELOW = -1e12;
const FAR_ABOVE = 1e12;

function limitOf(schema: z.ZodType, probe: number): NumberLimit | null {
  const ref = firstError(schema, probe);
  if (!ref) return null;
  const { key, params } = parseMessageRef(ref);
  if (key !== 'validation.compare') return null;
  const { op, value } = params;
  return typeof op === 'string' && typeof value === 'number' ? { op: op as CompareOperator, value } : null;
}

/**
 * The bounds a contracts number rule enforces, read from the rule itself (the 'must > 0' /
 * 'must <= 90' it answers far below and far above the range), so a page states the limits the
 * server checks without a second copy of the numbers.
 */
export function numberLimitsOf(schema: z.ZodType): NumberLimits {
  return { lower: limitOf(schema, FAR_BELOW), upper: limitOf(schema, FAR_ABOVE) };
}
