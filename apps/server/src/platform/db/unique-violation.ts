/**
 * True when a write lost a race against a unique constraint (PostgreSQL 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY). Services check for duplicates first to answer with the
 * right message; this turns the rare concurrent duplicate into the same message instead of a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
