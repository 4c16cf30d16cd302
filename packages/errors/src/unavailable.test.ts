// The classifier's rules (ADR 0038). The errors the real clients throw are captured by really connecting:
// pg and Prisma in @tp/db (unreachable-errors.test.ts), NATS in @tp/bus (unreachable-errors.test.ts); here
// a real socket error and what must never count: programming errors and errors a client caused.
import assert from 'node:assert/strict';
import { createConnection, createServer } from 'node:net';
import { describe, it } from 'node:test';
import { status } from '@grpc/grpc-js';
import { AppError, asAppError, fromGrpcError, toGrpcStatus, unreachableDependency } from './index.ts';

/** A real ECONNREFUSED: a port that was free a moment ago. */
async function refusedConnection(): Promise<Error> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return new Promise((resolve) => createConnection({ host: '127.0.0.1', port }).once('error', resolve));
}

describe('unreachableDependency', () => {
  it('recognises a refused connection, also as the cause of another error', async () => {
    const refused = await refusedConnection();
    assert.equal(unreachableDependency(refused), 'connect ECONNREFUSED');
    assert.equal(unreachableDependency(new Error('publish failed', { cause: refused })), 'connect ECONNREFUSED');
    assert.equal(unreachableDependency(new AggregateError([refused, refused])), 'connect ECONNREFUSED');
  });

  it('recognises a call that timed out (AbortSignal.timeout, NATS, the AWS SDK)', async () => {
    const signal = AbortSignal.timeout(1);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    const reason = signal.reason;
    assert.equal(unreachableDependency(reason), 'a dependency did not answer in time');
  });

  it('leaves programming errors and refusals of the request alone', () => {
    const notDependencies: unknown[] = [
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new RangeError('Invalid array length'),
      new Error('Connection terminated unexpectedly, said a user'),
      new Error('ECONNREFUSED'), // a message is not a socket error
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), // no syscall: not Node's
      Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }), // unique violation
      Object.assign(new Error('syntax error'), { code: '42601', severity: 'ERROR' }),
      Object.assign(new Error('password authentication failed'), { code: '28P01', severity: 'FATAL' }), // configuration
      Object.assign(new Error('Unique constraint failed'), { name: 'PrismaClientKnownRequestError', code: 'P2002' }),
      Object.assign(new Error('P1001 from someone else'), { name: 'Error', code: 'P1001' }),
      'ECONNREFUSED',
      null,
      undefined,
      42,
    ];
    for (const err of notDependencies) assert.equal(unreachableDependency(err), undefined, String(err));
  });

  it('stops at a cause cycle', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    assert.equal(unreachableDependency(a), undefined);
  });
});

describe('the answer of a dependency away', () => {
  it('is service_unavailable with a Retry-After in its details, across gRPC', async () => {
    const sent = toGrpcStatus(await refusedConnection());
    assert.equal(sent.code, status.UNAVAILABLE);
    assert.ok(!sent.details.includes('ECONNREFUSED'), 'no internal text crosses the wire');
    const received = fromGrpcError({ code: sent.code, details: sent.details, metadata: sent.metadata });
    assert.equal(received.code, 'service_unavailable');
    assert.equal(received.httpStatus, 503);
    assert.equal(received.details.retry_after_seconds, 2);
  });

  it('keeps an AppError and turns anything else into internal_error', () => {
    const notFound = new AppError('not_found');
    assert.equal(asAppError(notFound), notFound);
    assert.equal(asAppError(new TypeError('x is not a function')).code, 'internal_error');
  });

  it('gives a backend that no server answered for the same Retry-After', () => {
    const received = fromGrpcError({ code: status.UNAVAILABLE, details: 'No connection established' });
    assert.equal(received.code, 'service_unavailable');
    assert.equal(received.details.retry_after_seconds, 2);
  });
});
