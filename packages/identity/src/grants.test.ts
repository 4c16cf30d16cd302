import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGrantIssuer, createGrantVerifier, MAX_GRANT_TTL_SECONDS } from './grants.ts';
import { generateServiceKeys } from './keys.ts';

const keys = generateServiceKeys(['jobs', 'worker']);
const AT = Date.parse('2026-12-07T12:00:00Z');
const ids = { user: 'usr_1', job: 'job_1', media: 'med_1', artifact: 'art_1', version: 'ver_1' };

describe('job grants', () => {
  /** A grant of 120 s issued at AT, its verifier, and the clock both read. */
  async function issuedAtAT() {
    const clock = { now: AT };
    const now = () => clock.now;
    const token = await createGrantIssuer({ privateKey: keys.privateKeys.jobs!, ttlSeconds: 120, now }).issue(ids);
    return { clock, token, verifier: createGrantVerifier({ issuerPublicKeys: keys.publicKeys.jobs!, now }) };
  }

  it('carry the ids jobs signed, and end after their time to live', async () => {
    const { clock, token, verifier } = await issuedAtAT();
    const verified = await verifier.verify(token);
    assert.deepEqual({ ...verified, grantId: 'x' }, { ...ids, grantId: 'x', expiresAt: AT + 120_000 });
    clock.now = AT + 126_000; // past the end and the 5 s of clock tolerance
    await assert.rejects(verifier.verify(token), { code: 'caller_grant_invalid', message: /expired/ });
  });

  it('name their job for lapseSeconds past their end when the verifier is asked to, and no longer', async () => {
    const { clock, token, verifier } = await issuedAtAT();
    clock.now = AT + 3_000_000; // 50 minutes on
    assert.equal((await verifier.verify(token, { lapseSeconds: 3600 })).job, 'job_1');
    await assert.rejects(verifier.verify(token), { code: 'caller_grant_invalid', message: /expired/ });
    clock.now = AT + 3_800_000; // past the end, the tolerance and the lapse
    await assert.rejects(verifier.verify(token, { lapseSeconds: 3600 }), { code: 'caller_grant_invalid' });
  });

  it('are refused when signed by another key than jobs', async () => {
    const forged = await createGrantIssuer({ privateKey: keys.privateKeys.worker!, ttlSeconds: 60 }).issue(ids);
    await assert.rejects(createGrantVerifier({ issuerPublicKeys: keys.publicKeys.jobs! }).verify(forged), {
      code: 'caller_grant_invalid',
      message: /not signed by jobs/,
    });
  });

  it('live at most 15 minutes, and always name a user and a job', () => {
    const privateKey = keys.privateKeys.jobs!;
    assert.throws(() => createGrantIssuer({ privateKey, ttlSeconds: MAX_GRANT_TTL_SECONDS + 1 }), /ttlSeconds/);
    assert.throws(() => createGrantIssuer({ privateKey, ttlSeconds: 0 }), /ttlSeconds/);
    assert.throws(() => createGrantIssuer({ privateKey, ttlSeconds: 60 }).issue({ ...ids, user: '' }), /user/);
  });
});
