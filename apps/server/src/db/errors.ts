/** A failed write ran into a unique index, on SQLite or PostgreSQL. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/.test(err?.message ?? '');
}
