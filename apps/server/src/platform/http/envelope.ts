import { type Envelope, ResponseStatus } from '@storelens/contracts';
import { z } from 'zod';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data });
}

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { status: ResponseStatus.success, msg, data };
}
