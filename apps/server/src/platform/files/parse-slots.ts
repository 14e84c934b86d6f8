import { AppError } from '../http/errors.ts';

export interface ParseSlotsOptions {
  /** Parses that may run at once. */
  concurrent: number;
  /** Requests that may wait for a slot; one more is answered busy at once. */
  maxWaiting: number;
  /** How long a request waits for a slot before it is answered busy. */
  waitMs: number;
}

/** 429 'The server is busy with other imports. Please try again in a minute'. */
export const importBusy = () => new AppError('tooManyRequests', 'errors.importBusy');

/**
 * A small semaphore for parsing uploads in a request: parsing a spreadsheet takes memory in
 * proportion to the file (exceljs builds the whole sheet), so a few at once must not add up to
 * more than the process has. A request beyond the limit waits its turn for a short while, which
 * the person uploading does not notice; only when the queue is long or the wait runs out is it
 * answered busy (429) to try again.
 */
export function createParseSlots(options: ParseSlotsOptions) {
  let running = 0;
  const queue: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  function acquire(): Promise<void> {
    if (running < options.concurrent) {
      running += 1;
      return Promise.resolve();
    }
    if (queue.length >= options.maxWaiting) return Promise.reject(importBusy());
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(importBusy());
        }, options.waitMs),
      };
      queue.push(waiter);
    });
  }

  function release(): void {
    const next = queue.shift();
    // The slot passes straight to the next in line, so nobody can overtake the queue.
    if (next) next.grant();
    else running -= 1;
  }

  return {
    async run<T>(parse: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await parse();
      } finally {
        release();
      }
    },
    /** Parses running and requests waiting now (for tests and logs). */
    load: () => ({ running, waiting: queue.length }),
  };
}
export type ParseSlots = ReturnType<typeof createParseSlots>;

/**
 * The shop and user imports of this process. Two at once: parsing a file at the caps of
 * IMPORT_LIMITS.package takes about 150 MB of heap (2000 ordinary rows: 30 MB, 0.3 s). Eight more
 * may wait up to 15 s, well inside the 30 s after which the web gives up on a request.
 */
export const SPREADSHEET_IMPORT_SLOTS: ParseSlotsOptions = { concurrent: 2, maxWaiting: 8, waitMs: 15_000 };
export const spreadsheetImportSlots = createParseSlots(SPREADSHEET_IMPORT_SLOTS);
