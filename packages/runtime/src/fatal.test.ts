import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@tp/config';
import { fatal } from './index.ts';
import { captureLogger } from './test-support.ts';

describe('fatal', () => {
  it('reports a ConfigError by its message, without a stack, and exits 1', () => {
    const { log, lines } = captureLogger();
    const codes: number[] = [];
    const err = new ConfigError([{ variable: 'DATABASE_URL', message: 'is required but not set' }]);
    fatal(log, err, (code) => void codes.push(code));
    assert.deepEqual(codes, [1]);
    assert.equal(lines.length, 1);
    assert.equal(lines[0]?.level, 'fatal');
    assert.match(String(lines[0]?.msg), /DATABASE_URL: is required but not set/);
    assert.doesNotMatch(JSON.stringify(lines[0]), /\s+at /, 'no stack trace');
  });

  it('reports any other error with its stack, and exits 1', () => {
    const { log, lines } = captureLogger();
    const codes: number[] = [];
    fatal(log, new Error('port 5432 refused'), (code) => void codes.push(code));
    assert.deepEqual(codes, [1]);
    assert.match(String(lines[0]?.msg), /port 5432 refused/);
    assert.match((lines[0]!.err as { stack: string }).stack, /port 5432 refused\n\s+at /);
  });

  it('really exits 1 with the line written, in a process', async () => {
    const script = fileURLToPath(new URL('./testdata/fatal-child.ts', import.meta.url));
    const proc = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const code = await new Promise((resolve) => proc.on('exit', resolve));
    assert.equal(code, 1);
    const [line, ...rest] = stdout.trim().split('\n');
    assert.deepEqual(rest, [], 'nothing after fatal');
    const entry = JSON.parse(line ?? '{}') as { level: string; msg: string };
    assert.equal(entry.level, 'fatal');
    assert.match(entry.msg, /DATABASE_URL: is required but not set/);
  });
});
