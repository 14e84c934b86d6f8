import crypto from 'node:crypto';

let lastMs = 0;
let sequence = 0;
/**
 * Random bytes drawn 4 KiB at a time: a call of crypto.randomBytes per id took about a tenth of the
 * alarms bench's bulk writing (several ids per alarm, millions of alarms).
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomPart(): Buffer {
  if (poolAt + 4 > pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 4;
  return pool.subarray(poolAt - 4, poolAt);
}

/**
 * Short time-ordered ids (sortable by creation, unguessable enough for URLs): 9 characters of the
 * millisecond, 3 of a sequence within it, 5 random. Lists ordered by (time, id) keep the order things
 * happened in even within one millisecond (a shop's 'add' and 'status' log lines came back swapped
 * when their ids' random parts decided it).
 */
export function newId(): string {
  const ms = Date.now();
  sequence = ms === lastMs ? sequence + 1 : 0;
  lastMs = ms;
  const time = ms.toString(36).padStart(9, '0');
  const order = (sequence % 46_656).toString(36).padStart(3, '0');
  const random = randomPart().toString('base64url').replace(/[-_]/g, 'x').slice(0, 5);
  return `${time}${order}${random}`;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
