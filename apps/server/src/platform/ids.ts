import crypto from 'node:crypto';

/** Short, roughly time-ordered ids (sortable by creation, unguessable enough for URLs). */
export function newId(): string {
  const time = Date.now().toString(36).padStart(9, '0');
  const random = crypto.randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
  return `${time}${random}`;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
