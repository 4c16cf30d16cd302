import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLayout, layout } from './layout.ts';
import type { Layout } from './layout.ts';
import {
  isAlive,
  killDaemon,
  logFile,
  managedNames,
  pidFile,
  processStartTicks,
  readPidFile,
  runningPid,
  startDaemon,
  stopDaemon,
  tailLog,
} from './processes.ts';
import { eventually } from '@tp/testing';

function tempLayout(t: { after: (fn: () => void) => void }): Layout {
  const dirs = layout(mkdtempSync(join(tmpdir(), 'tp-processes-')));
  ensureLayout(dirs);
  t.after(() => rmSync(dirs.runDir, { recursive: true, force: true }));
  return dirs;
}

// Each script installs its signal handlers before it logs the line a test waits for: on a busy
// machine the test's signal can otherwise land between the two statements and meet the default
// action (CI saw a "stubborn" daemon stop on SIGTERM that way).
function nodeDaemon(dirs: Layout, name: string, script: string, stopSignal?: NodeJS.Signals): number {
  return startDaemon(dirs, {
    name,
    command: process.execPath,
    args: ['-e', script],
    env: { PATH: process.env.PATH },
    cwd: dirs.runDir,
    ...(stopSignal ? { stopSignal } : {}),
  });
}

/** A generous bound for what a process does at once (log a line, exit): it only ends a hung test. */
const AT_ONCE_MS = 30_000;

async function waitForLog(dirs: Layout, name: string, pattern: RegExp): Promise<void> {
  await eventually(`${pattern} in the log of ${name}`, () => pattern.test(tailLog(dirs, name)), AT_ONCE_MS);
}

async function waitUntilGone(pid: number, what: string): Promise<void> {
  await eventually(what, () => processStartTicks(pid) === undefined, AT_ONCE_MS);
}

test('a daemon gets a pid file, a log, its own process group, and stops on SIGTERM', async (t) => {
  const dirs = tempLayout(t);
  const pid = nodeDaemon(
    dirs,
    'svc',
    "process.on('SIGTERM', () => { console.log('bye'); process.exit(0); }); console.log('hello from svc'); setInterval(() => {}, 1000);",
  );
  const record = readPidFile(dirs, 'svc')!;
  assert.equal(record.pid, pid);
  assert.equal(record.startTicks, processStartTicks(pid));
  assert.equal(record.stopSignal, 'SIGTERM');
  assert.equal(runningPid(dirs, 'svc'), pid);
  assert.deepEqual(managedNames(dirs), ['svc']);
  // Session leader of its own group: a group kill reaches its children and nothing else.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  assert.equal(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2], String(pid));
  await waitForLog(dirs, 'svc', /hello from svc/);

  assert.equal(await stopDaemon(dirs, 'svc', AT_ONCE_MS), 'stopped');
  assert.equal(processStartTicks(pid), undefined);
  assert.equal(existsSync(pidFile(dirs, 'svc')), false);
  assert.match(readFileSync(logFile(dirs, 'svc'), 'utf8'), /bye/);
});

test('a daemon that ignores its stop signal is killed with its children', async (t) => {
  const dirs = tempLayout(t);
  const script = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
    process.on('SIGTERM', () => {});
    console.log('child ' + child.pid);
    setInterval(() => {}, 1000);`;
  const pid = nodeDaemon(dirs, 'stubborn', script);
  await waitForLog(dirs, 'stubborn', /child \d+/);
  const childPid = Number(/child (\d+)/.exec(tailLog(dirs, 'stubborn'))![1]);
  assert.ok(processStartTicks(childPid));

  assert.equal(await stopDaemon(dirs, 'stubborn', 500), 'killed');
  assert.equal(processStartTicks(pid), undefined);
  await waitUntilGone(childPid, 'the child went with its group');
});

test('children left behind by a daemon that exits are stopped too', async (t) => {
  const dirs = tempLayout(t);
  const script = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    process.on('SIGTERM', () => process.exit(0));
    console.log('child ' + child.pid);
    setInterval(() => {}, 1000);`;
  nodeDaemon(dirs, 'parent', script);
  await waitForLog(dirs, 'parent', /child \d+/);
  const childPid = Number(/child (\d+)/.exec(tailLog(dirs, 'parent'))![1]);
  assert.equal(await stopDaemon(dirs, 'parent', AT_ONCE_MS), 'stopped');
  await waitUntilGone(childPid, 'the child left behind is stopped');
});

test('killDaemon kills the whole group at once, as a crash would, and forgets the pid file', async (t) => {
  const dirs = tempLayout(t);
  const script = `
    const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
    process.on('SIGTERM', () => console.log('shutting' + ' down'));
    console.log('child ' + child.pid);
    setInterval(() => {}, 1000);`;
  const pid = nodeDaemon(dirs, 'victim', script);
  await waitForLog(dirs, 'victim', /child \d+/);
  const childPid = Number(/child (\d+)/.exec(tailLog(dirs, 'victim'))![1]);

  assert.equal(await killDaemon(dirs, 'victim', AT_ONCE_MS), true);
  assert.equal(processStartTicks(pid), undefined);
  assert.equal(processStartTicks(childPid), undefined, 'the child went with its group');
  assert.equal(existsSync(pidFile(dirs, 'victim')), false);
  assert.doesNotMatch(tailLog(dirs, 'victim'), /shutting down/, 'no signal it could handle');
  assert.equal(await killDaemon(dirs, 'victim'), false, 'nothing left to kill');
});

test('the stop signal is recorded per process (PostgreSQL stops fast on SIGINT)', async (t) => {
  const dirs = tempLayout(t);
  nodeDaemon(
    dirs,
    'db',
    "process.on('SIGINT', () => { console.log('got SIGINT'); process.exit(0); }); process.on('SIGTERM', () => {}); console.log('listening'); setInterval(() => {}, 1000);",
    'SIGINT',
  );
  assert.equal(readPidFile(dirs, 'db')!.stopSignal, 'SIGINT');
  await waitForLog(dirs, 'db', /listening/);
  assert.equal(await stopDaemon(dirs, 'db', AT_ONCE_MS), 'stopped');
  assert.match(tailLog(dirs, 'db'), /got SIGINT/);
});

test('a stale pid file, or one whose pid now belongs to another process, is not ours', async (t) => {
  const dirs = tempLayout(t);
  writeFileSync(pidFile(dirs, 'gone'), '999999999\n1\nSIGTERM\n');
  assert.equal(runningPid(dirs, 'gone'), undefined);
  assert.equal(existsSync(pidFile(dirs, 'gone')), false, 'stale pid file removed');

  // This test process is alive, but started at another time than the record says.
  writeFileSync(pidFile(dirs, 'recycled'), `${process.pid}\n1\nSIGTERM\n`);
  assert.equal(isAlive(readPidFile(dirs, 'recycled')!), false);
  assert.equal(await stopDaemon(dirs, 'recycled'), 'not-running');
  assert.equal(existsSync(pidFile(dirs, 'recycled')), false);
});

test('starting a program that does not exist fails at once', (t) => {
  const dirs = tempLayout(t);
  assert.throws(
    () => startDaemon(dirs, { name: 'nope', command: '/does/not/exist', args: [], env: {}, cwd: dirs.runDir }),
    /could not start nope/,
  );
  assert.equal(existsSync(pidFile(dirs, 'nope')), false);
});
