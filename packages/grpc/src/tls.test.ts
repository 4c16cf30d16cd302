// The transport (ADR 0037) against the real grpc-js stack: who cannot even reach a gRPC port.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client, credentials, type ChannelCredentials, Metadata, status } from '@grpc/grpc-js';
import { createCertificateAuthority } from '@tp/identity/certificates';
import { testPki } from '@tp/testing';
import { createClient, type GrpcTls } from './index.ts';
import { rejection, startTestServer, TestService, testHandlers, toTestServer } from './test-service.ts';

/** The status of one Echo made by a bare grpc-js channel (how an attacker's client would dial). */
function echoOver(address: string, channelCredentials: ChannelCredentials, serverName = 'billing') {
  const channel = new Client(address, channelCredentials, { 'grpc.ssl_target_name_override': serverName });
  const { path, requestSerialize, responseDeserialize } = TestService.echo;
  return new Promise<{ code: number; details: string }>((resolve) => {
    channel.makeUnaryRequest(
      path,
      requestSerialize,
      responseDeserialize,
      { text: 'hello' },
      new Metadata(),
      { deadline: Date.now() + 30_000 },
      (err) => {
        channel.close();
        resolve(err ? { code: err.code, details: err.details } : { code: status.OK, details: '' });
      },
    );
  });
}

const bareSsl = (tls: Partial<GrpcTls> & { ca: Buffer }) =>
  credentials.createSsl(tls.ca, tls.key ?? null, tls.cert ?? null);

describe('gRPC over mutual TLS (ADR 0037)', () => {
  const env = {} as { address: string; stop(): Promise<void>; handled: () => number; stranger: GrpcTls };
  before(async () => {
    let calls = 0;
    const started = await startTestServer({
      ...testHandlers,
      echo: async ({ text }, ctx) => {
        calls += 1;
        return { text, requestId: ctx.requestId, scopedRequestId: null, deadline: null, peer: ctx.peer, tag: null };
      },
    });
    // Another authority's certificate for the same name: right shape, wrong issuer.
    const other = await createCertificateAuthority({ name: 'another authority' });
    const forged = await other.issue('gateway', { dnsNames: ['localhost'], ips: ['127.0.0.1'] });
    Object.assign(env, {
      address: started.address,
      stop: () => started.server.shutdown(100),
      handled: () => calls,
      stranger: { ca: Buffer.from(other.cert), cert: Buffer.from(forged.cert), key: Buffer.from(forged.key) },
    });
  });
  after(() => env.stop());

  it('serves a client with a certificate of the fleet, for the service it expects', async () => {
    assert.deepEqual(await echoOver(env.address, bareSsl(testPki().tls('gateway'))), { code: status.OK, details: '' });
    assert.equal(env.handled(), 1);
  });

  it('refuses a plaintext client before any call is read', async () => {
    const refused = await echoOver(env.address, credentials.createInsecure());
    assert.equal(refused.code, status.UNAVAILABLE, refused.details);
  });

  it('refuses in the handshake a client that shows no certificate', async () => {
    const refused = await echoOver(env.address, bareSsl({ ca: testPki().tls('gateway').ca }));
    assert.equal(refused.code, status.UNAVAILABLE, refused.details);
  });

  it('refuses in the handshake a client whose certificate another CA issued', async () => {
    // It trusts the fleet's CA, so only the server's check of its certificate stops it.
    const refused = await echoOver(env.address, bareSsl({ ...env.stranger, ca: testPki().tls('gateway').ca }));
    assert.equal(refused.code, status.UNAVAILABLE, refused.details);
  });

  it('does not talk to a server whose certificate another CA issued, or that is not the service it expects', async () => {
    const right = createClient(TestService, env.address, toTestServer());
    assert.equal((await right.echo({ text: 'billing' })).text, 'billing', 'the service it expects, from the fleet CA');
    right.close();
    const distrusting = createClient(TestService, env.address, {
      ...toTestServer(),
      tls: { ...testPki().tls('gateway'), ca: env.stranger.ca },
    });
    const strangerServer = await rejection(distrusting.echo({ text: 'hello' }));
    distrusting.close();
    assert.equal(strangerServer.code, 'service_unavailable');
    const notMedia = createClient(TestService, env.address, { ...toTestServer(), serverName: 'media' });
    const wrongService = await rejection(notMedia.echo({ text: 'hello' }));
    notMedia.close();
    assert.equal(wrongService.code, 'service_unavailable');
  });

  it('ran the handler only for the clients it served', () => {
    assert.equal(env.handled(), 2);
  });
});
