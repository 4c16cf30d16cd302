import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata, status } from '@grpc/grpc-js';
import { AppError, ERROR_CODES, fromGrpcError, httpStatusOf, grpcStatusOf, toGrpcStatus } from './index.ts';

describe('error table', () => {
  it('maps the public API codes to their statuses', () => {
    assert.equal(httpStatusOf('invalid_api_key'), 401);
    assert.equal(httpStatusOf('insufficient_scope'), 403);
    assert.equal(httpStatusOf('pat_route_not_allowed'), 403);
    assert.equal(httpStatusOf('live_runs_on_device'), 400);
    assert.equal(httpStatusOf('validation_error'), 422);
    assert.equal(grpcStatusOf('not_found'), status.NOT_FOUND);
    assert.equal(grpcStatusOf('invalid_api_key'), status.UNAUTHENTICATED);
  });

  it('gives every code a message and a client-error or server-error status', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      assert.ok(entry.message.length > 0, code);
      assert.ok(entry.http >= 400 && entry.http < 600, code);
    }
  });
});

describe('AppError', () => {
  it('renders the public body with details beside code and message', () => {
    const err = new AppError('insufficient_scope', 'Needs files:read.', { required_scope: 'files:read' });
    assert.deepEqual(err.toBody(), {
      detail: { code: 'insufficient_scope', message: 'Needs files:read.', required_scope: 'files:read' },
    });
    assert.equal(err.httpStatus, 403);
  });

  it('details cannot overwrite code or message', () => {
    const err = new AppError('not_found', 'gone', { code: 'x', message: 'y' });
    assert.deepEqual(err.toBody().detail, { code: 'not_found', message: 'gone' });
  });
});

describe('gRPC round trip', () => {
  it('keeps code, message and details across the wire format', () => {
    const sent = toGrpcStatus(new AppError('insufficient_scope', 'Needs x.', { required_scope: 'x' }));
    assert.equal(sent.code, status.PERMISSION_DENIED);
    const received = fromGrpcError({ code: sent.code, details: sent.details, metadata: sent.metadata });
    assert.equal(received.code, 'insufficient_scope');
    assert.equal(received.message, 'Needs x.');
    assert.deepEqual(received.details, { required_scope: 'x' });
  });

  it('hides the text of unexpected errors', () => {
    const sent = toGrpcStatus(new Error('secret stack detail'));
    assert.equal(sent.code, status.INTERNAL);
    assert.ok(!sent.details.includes('secret'));
  });

  it('maps transport failures without our metadata', () => {
    assert.equal(
      fromGrpcError({ code: status.UNAVAILABLE, details: 'connect failed', metadata: new Metadata() }).code,
      'service_unavailable',
    );
    assert.equal(
      fromGrpcError({ code: status.DEADLINE_EXCEEDED, details: '', metadata: new Metadata() }).code,
      'upstream_timeout',
    );
    assert.equal(fromGrpcError('weird').code, 'internal_error');
  });
});
