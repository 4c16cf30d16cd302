import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger, currentRequestId, requestIdFrom, withRequestId } from './index.ts';

/** pino writes each line to a plain destination synchronously, so a line is there once the call returns. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, destination };
}

describe('logging', () => {
  it('writes JSON with the service, level name and the request id of the scope', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 'svc-test', destination });
    withRequestId('req_abc', () => log.info({ n: 1 }, 'inside'));
    log.info('outside');
    assert.equal(lines.length, 2);
    assert.equal(lines[0]!.service, 'svc-test');
    assert.equal(lines[0]!.level, 'info');
    assert.equal(lines[0]!.request_id, 'req_abc');
    assert.equal(lines[0]!.msg, 'inside');
    assert.equal(lines[1]!.request_id, undefined);
  });

  it('keeps the request id across awaits', async () => {
    await withRequestId('req_async', async () => {
      await new Promise((r) => setTimeout(r, 1));
      assert.equal(currentRequestId(), 'req_async');
    });
  });

  it('redacts secrets', () => {
    const { lines, destination } = capture();
    const log = createLogger({ service: 's', destination });
    log.info({ password: 'hunter2', body: { secret: 'abc' } }, 'x');
    assert.equal(lines[0]!.password, '[redacted]');
    assert.deepEqual(lines[0]!.body, { secret: '[redacted]' });
  });

  it('accepts sane request ids and replaces others', () => {
    assert.equal(requestIdFrom('abc-123'), 'abc-123');
    assert.match(requestIdFrom('bad id with spaces'), /^req_[0-9a-f]{32}$/);
    assert.match(requestIdFrom(undefined), /^req_/);
    assert.match(requestIdFrom('x'.repeat(500)), /^req_/);
  });
});
