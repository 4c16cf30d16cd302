// The invariants catch what they are for: each broken account below (a lost job, a double
// settlement, a hold left behind, a duplicated transcript, a lost version, a lost upload) is
// reported, and a sound one is not.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Acknowledged } from './client.ts';
import { violations } from './invariants.ts';
import type { JobView, LedgerView, Snapshot } from './snapshot.ts';

const GRANT = 10;

function job(id: string, status: string, charged = 0): JobView {
  return {
    job_id: id,
    status,
    credits_charged: charged,
    artifact_ids: status === 'succeeded' ? [`art_${id}`] : [],
    error: status === 'failed' ? { code: 'processing_failed', message: 'x' } : null,
    attempts: 1,
  };
}

const entry = (kind: string, reference: string, available: number, reserved: number): LedgerView => ({
  kind,
  reference,
  available_delta_credits: available,
  reserved_delta_credits: reserved,
});

/** A sound account: job a succeeded (held 0.5, charged 0.2), job b failed (held 0.3, released), ada edited a's transcript once. */
function sound(): Snapshot {
  const acknowledged = new Acknowledged();
  acknowledged.job('key-a', 'a');
  acknowledged.job('key-b', 'b');
  acknowledged.versions.set('ver_edit', 'art_a');
  acknowledged.media.set('med_1', { completed: true });
  return {
    jobs: [job('a', 'succeeded', 0.2), job('b', 'failed')],
    missingJobs: [],
    acknowledged,
    grantedMicro: GRANT * 1_000_000,
    balance: { availableMicro: 9_800_000, reservedMicro: 0 },
    ledger: [
      entry('grant', 'grt_1', GRANT, 0),
      entry('reservation', 'a', -0.5, 0.5),
      entry('reservation', 'b', -0.3, 0.3),
      entry('settlement', 'a', 0.3, -0.5),
      entry('release', 'b', 0.3, -0.3),
    ],
    announced: new Map([
      ['a', ['succeeded']],
      ['b', ['failed']],
    ]),
    jobArtifacts: new Map([['a', [{ artifact_id: 'art_a', job_id: 'a' }]]]),
    artifacts: [{ artifact_id: 'art_a', job_id: 'a' }],
    versions: new Map([
      [
        'art_a',
        [
          { version_id: 'ver_edit', author: { type: 'user', id: 'usr_1' } },
          { version_id: 'ver_1', author: { type: 'service', id: 'worker' } },
        ],
      ],
    ]),
    media: new Map([['med_1', 'ready']]),
  };
}

function brokenBy(change: (s: Snapshot) => void): string[] {
  const s = sound();
  change(s);
  return violations(s);
}

describe('the fault invariants', () => {
  it('find nothing wrong with a sound account', () => {
    assert.deepEqual(violations(sound()), []);
  });

  it('report a job answered 202 that is gone, one that never ended, and one announced twice or wrongly', () => {
    assert.match(brokenBy((s) => s.missingJobs.push('c')).join(), /job c was answered 202 but is gone/);
    assert.match(brokenBy((s) => (s.jobs[1]!.status = 'running')).join(), /job b never ended: still running/);
    assert.match(brokenBy((s) => s.announced.set('a', ['succeeded', 'failed'])).join(), /job a was announced 2 ends/);
    assert.match(
      brokenBy((s) => s.announced.set('b', ['succeeded'])).join(),
      /job b is failed but was announced succeeded/,
    );
    assert.match(brokenBy((s) => s.announced.delete('a')).join(), /job a ended succeeded but no end was announced/);
    const twice = brokenBy((s) => s.acknowledged.job('key-a', 'z'));
    assert.match(twice.join(), /Idempotency-Key key-a answered two jobs: a and z/);
  });

  it('report a success settled twice, a hold left behind, and a balance that does not add up', () => {
    const doubled = brokenBy((s) => {
      s.ledger.push(entry('settlement', 'a', 0.3, -0.5));
      s.balance.availableMicro -= 200_000;
    });
    assert.match(doubled.join(), /job a succeeded and was settled 2 times/);
    assert.match(doubled.join(), /balance 9600000 µcr ≠ grants/);
    const held = brokenBy((s) => {
      s.ledger.pop();
      s.balance = { availableMicro: 9_500_000, reservedMicro: 300_000 };
    });
    assert.match(held.join(), /300000 µcr still held/);
    assert.match(held.join(), /job b: 1 holds and 0 releases/);
    const orphan = brokenBy((s) => {
      s.ledger.push(entry('reservation', 'job_abandoned', -0.1, 0.1));
      s.balance = { availableMicro: 9_700_000, reservedMicro: 100_000 };
    });
    assert.match(orphan.join(), /job_abandoned \(not listed\): 1 holds and 0 releases/);
    assert.match(
      brokenBy((s) => (s.jobs[0]!.credits_charged = 0.25)).join(),
      /shows a charge of 250000 µcr but its settlement charged 200000/,
    );
  });

  it('report a transcript stored twice, a second artifact for a job, and a version answered 201 that is lost', () => {
    const stored = brokenBy((s) =>
      s.versions.get('art_a')!.push({ version_id: 'ver_2', author: { type: 'service', id: 'worker' } }),
    );
    assert.match(stored.join(), /job a: its transcript was stored 2 times/);
    assert.match(
      brokenBy((s) => s.artifacts.push({ artifact_id: 'art_x', job_id: 'a' })).join(),
      /job a has 2 artifacts/,
    );
    assert.match(
      brokenBy((s) => s.versions.set('art_a', s.versions.get('art_a')!.slice(1))).join(),
      /version ver_edit of art_a was answered 201 and is listed 0 times/,
    );
  });

  it('report an upload answered 2xx that is gone or was never verified', () => {
    assert.match(brokenBy((s) => s.media.set('med_1', 'missing')).join(), /media med_1 was answered 2xx but is gone/);
    assert.match(
      brokenBy((s) => s.media.set('med_1', 'failed')).join(),
      /media med_1 was completed \(2xx\) but is failed/,
    );
  });
});
