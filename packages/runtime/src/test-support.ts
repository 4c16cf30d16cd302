// Test-only (not exported from index.ts).
import { captureLogger as capture } from '@tp/logging';

/** A logger whose lines land in an array, so tests can read what was logged. */
export const captureLogger = () => capture('runtime-test');
