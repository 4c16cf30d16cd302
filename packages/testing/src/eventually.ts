/**
 * Polls `probe` until it answers a value (anything but `undefined` or `false`) and returns it;
 * fails naming `what` once `timeoutMs` has passed.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  stepMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
