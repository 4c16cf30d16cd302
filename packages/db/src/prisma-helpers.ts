/** Prisma's error code for a unique constraint violation. */
const UNIQUE_VIOLATION = 'P2002';

/** True when a Prisma call failed on a unique constraint (a duplicate key, an idempotency race). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === UNIQUE_VIOLATION;
}

/** True when the database answers (readiness); never throws. */
export async function pingDatabase(prisma: { $queryRawUnsafe(sql: string): Promise<unknown> }): Promise<boolean> {
  try {
    await prisma.$queryRawUnsafe('SELECT 1');
    return true;
  } catch {
    return false;
  }
}
