/** What each open transaction (started by `committing`) has to do once it has committed. */
const pending = new WeakMap<object, (() => void)[]>();

/**
 * Runs `work` in the transaction `begin` opens (`(work) => prisma.$transaction(work, options)`);
 * what it registered with `afterCommit` runs once the transaction has committed, and nothing of it
 * when the transaction rolls back. For effects that must not count a change that did not happen
 * (metrics), never for effects that must not be lost (that is the outbox's job).
 */
export async function committing<T extends object, R>(
  begin: (work: (tx: T) => Promise<R>) => Promise<R>,
  work: (tx: T) => Promise<R>,
): Promise<R> {
  const hooks: (() => void)[] = [];
  const result = await begin((tx) => {
    pending.set(tx, hooks);
    return work(tx);
  });
  for (const hook of hooks) {
    try {
      hook();
    } catch (err) {
      // The change is committed: a failing observer is reported, never turned into an error of the change.
      process.emitWarning(err instanceof Error ? err : new Error(String(err)));
    }
  }
  return result;
}

/** Registers `hook` to run after the transaction `tx` (opened by `committing`) commits. */
export function afterCommit(tx: object, hook: () => void): void {
  const hooks = pending.get(tx);
  if (!hooks) throw new Error('afterCommit needs a transaction opened by committing()');
  hooks.push(hook);
}
