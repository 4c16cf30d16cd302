// Shared by the worker's tests: the logger they give the worker. Temporary folders, stand-in
// binaries and the look at /proc are @tp/testing's.
import { createLogger } from '@tp/logging';

export const log = createLogger({
  service: 'worker-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent',
});
