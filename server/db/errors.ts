/**
 * Which unique constraint a failed insert or update hit, on either database; undefined when the
 * error is not a unique violation. SQLite names the columns, PostgreSQL the constraint.
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, constraint, errcode } = error as Record<string, unknown>;
  if (code === '23505') return typeof constraint === 'string' ? constraint : 'unique';
  if (typeof message === 'string' && (errcode === 2067 || errcode === 1555 || code === 'ERR_SQLITE_ERROR')) {
    const match = /UNIQUE constraint failed: (.+)$/.exec(message);
    if (match?.[1]) return match[1];
  }
  return undefined;
}
