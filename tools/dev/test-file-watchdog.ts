// Preloaded (--import) into every test file's process by run-tests.ts. Node's runner waits for a
// file's process to exit, and --test-timeout bounds tests, not a file stuck between or after them
// (an open connection left by a failed setup keeps it alive forever). This bounds the file: after
// TEST_FILE_TIMEOUT_MS it prints what still holds the process open, kills the processes the file
// started (a test fleet's services would otherwise outlive it, orphaned, loading the machine for
// the rest of the run) and exits non-zero, so the run fails in minutes, naming the file, instead of
// hanging until CI's deadline. The timer is unref'd: a file that ends on its own is never held up by it.
// Its own module of @tp/testing: only node:fs, so every test file's start pays nothing for it.
// With TEST_TIMINGS_FILE (run-tests.ts sets it), each file also appends its wall time and the CPU time
// of its process tree there as it exits.
import { appendFileSync, readFileSync } from 'node:fs';
import { descendantsOf } from '@tp/testing/process-groups';

const limitMs = Number(process.env.TEST_FILE_TIMEOUT_MS || 15 * 60_000);

// Only in the runner's child processes (NODE_TEST_CONTEXT), never in the runner itself.
if (process.env.NODE_TEST_CONTEXT && limitMs > 0) {
  setTimeout(async () => {
    const open = process.getActiveResourcesInfo().join(', ');
    const started = await descendantsOf(process.pid);
    console.error(
      `test-file-watchdog: ${process.argv[1] ?? 'this test file'} still runs after ${limitMs} ms ` +
        `(TEST_FILE_TIMEOUT_MS); still open: ${open}. A test or hook left something open or never ended. ` +
        `Killing the ${started.length} processes it started.`,
    );
    for (const pid of started) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit(70);
  }, limitMs).unref();
}

/**
 * CPU seconds of this process and of the children it has waited for (a fleet's services, the tools
 * it ran), from /proc/self/stat (utime, stime, cutime, cstime, in clock ticks of 1/100 s): what
 * the file costs the machine, whatever else ran beside it. NaN where /proc is not there.
 */
export function treeCpuSeconds(stat = '/proc/self/stat'): number {
  try {
    // Fields after the command name (which may hold spaces), from field 3 on.
    const fields = readFileSync(stat, 'utf8').split(') ').at(-1)!.split(' ');
    const ticks = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return ticks.reduce((sum, t) => sum + t, 0) / 100;
  } catch {
    return Number.NaN;
  }
}

const timings = process.env.TEST_TIMINGS_FILE;
if (process.env.NODE_TEST_CONTEXT && timings) {
  process.on('exit', () => {
    // The file's process from its start: loading the code and starting a fleet count too.
    const seconds = process.uptime().toFixed(1);
    try {
      appendFileSync(timings, `${seconds}\t${treeCpuSeconds().toFixed(1)}\t${process.argv[1] ?? '?'}\n`);
    } catch {
      // The run goes on without its timings.
    }
  });
}
