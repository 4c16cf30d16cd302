import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, createGrpcServer } from './index.ts';
import {
  captureLogger,
  rejection,
  serverTls,
  startTestServer,
  TestService,
  testHandlers,
  toTestServer,
} from './test-service.ts';

describe('message size', () => {
  it('refuses a message over the 4 MiB default with payload_too_large, and carries it when both sides allow more', async () => {
    const big = 'x'.repeat(6 * 1024 * 1024);
    const limit = 16 * 1024 * 1024;
    const strict = await startTestServer();
    const toStrict = createClient(TestService, strict.address, {
      ...toTestServer(),
      maxMessageBytes: limit,
      defaultDeadlineMs: 30_000,
    });
    assert.equal((await rejection(toStrict.echo({ text: big }))).code, 'payload_too_large');

    const { log } = captureLogger();
    const roomy = createGrpcServer({ tls: serverTls(), log, maxMessageBytes: limit });
    roomy.add(TestService, testHandlers);
    const port = await roomy.listen('127.0.0.1', 0);
    const toRoomy = createClient(TestService, `127.0.0.1:${port}`, {
      ...toTestServer(),
      maxMessageBytes: limit,
      defaultDeadlineMs: 30_000,
    });
    assert.equal((await toRoomy.echo({ text: big })).text.length, big.length);
    // Only the size limit is left at its default.
    const defaultClient = createClient(TestService, `127.0.0.1:${port}`, {
      ...toTestServer(),
      defaultDeadlineMs: 30_000,
    });
    assert.equal(
      (await rejection(defaultClient.echo({ text: big }))).code,
      'payload_too_large',
      'the answer is over the client default',
    );

    for (const client of [toStrict, toRoomy, defaultClient]) client.close();
    await strict.server.shutdown(100);
    await roomy.shutdown(100);
  });
});
