// The gateway's HTTP server: a graceful stop does not wait for a client it answered before reading its
// body (a refused upload that stopped sending), yet still lets a request in flight finish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import express from 'express';
import { boundPort, closeHttpServer, listenHttp } from './server.ts';

const TIMEOUTS = { headersTimeoutMs: 60_000, requestTimeoutMs: 0, keepAliveTimeoutMs: 60_000, idleTimeoutMs: 60_000 };

/** Connects, sends `head` and resolves with the socket once the first answer is in. */
async function answered(port: number, head: string): Promise<{ socket: Socket; answer: string }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(head);
  const [chunk] = (await once(socket, 'data')) as [Buffer];
  return { socket, answer: chunk.toString() };
}

test('a stop closes a connection answered before its body was read, and waits for one in flight', {
  timeout: 20_000,
}, async () => {
  let finishSlow: () => void = () => {};
  const { promise: slowArrived, resolve: arrived } = Promise.withResolvers<void>();
  const app = express();
  app.post('/refused', (_req, res) => void res.status(413).json({ detail: { code: 'payload_too_large' } }));
  app.get('/slow', (_req, res) => {
    finishSlow = () => void res.status(200).send('done');
    arrived();
  });
  const server = await listenHttp(app, '127.0.0.1', 0, TIMEOUTS);
  const port = boundPort(server, 0);

  // A declared megabyte of which a few bytes come, then nothing: answered at once, never finished.
  const refused = await answered(port, 'POST /refused HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\nabc');
  assert.match(refused.answer, /^HTTP\/1\.1 413 /);
  const slow = connect(port, '127.0.0.1');
  await once(slow, 'connect');
  slow.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
  const slowAnswer = once(slow, 'data');
  // In flight only once the server has it: before that the connection is idle, and a stop may close it.
  await slowArrived;

  const stopped = closeHttpServer(server);
  // The refused client's connection goes at once (idle timeout: a minute away).
  await once(refused.socket, 'close');
  // The request in flight is answered before the server is done.
  let done = false;
  void stopped.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(done, false, 'the stop waits for the request in flight');
  finishSlow();
  const [chunk] = (await slowAnswer) as [Buffer];
  assert.match(chunk.toString(), /^HTTP\/1\.1 200 /);
  slow.destroy();
  await stopped;
});
