// A multipart upload of files over 50 MB streams through the gateway: its memory stays flat. It
// compares the gateway's peak resident memory after each of two uploads, so it runs alone, first in
// its entry: on a gateway whose heap other tests have not filled with garbage.
import assert from 'node:assert/strict';
import { openAsBlob, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import type { TestUser } from '../support/jobs.ts';
import { userOf, world } from './world.ts';

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

/**
 * The most resident memory the process has had since it started (VmHWM, kept by the kernel): every
 * peak counts, however rarely a loaded machine lets the test look.
 */
function peakResident(pid: number): number {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  assert.ok(kb, `no VmHWM for process ${pid}`);
  return Number(kb) * 1024;
}

export function largeUploadTests(): void {
  describe('a large multipart upload', { concurrency: false }, () => {
    let lars: TestUser;

    before(async () => {
      lars = await userOf('lars');
    });

    /** POSTs the file as multipart/form-data; the media, and the gateway's resident peak once it is stored. */
    async function upload(path: string) {
      const form = new FormData();
      form.append('workspace_id', 'ws_e2e');
      form.append('file', await openAsBlob(path, { type: 'audio/wav' }), 'big.wav');
      const res = await fetch(`${world.fleet.gatewayUrl}/api/v1/media/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${lars.token}`, prefer: 'wait=30' },
      });
      const body = (await res.json()) as {
        data: { size_bytes: number; duration_seconds: number; workspace_id: string };
      };
      assert.equal(res.status, 201, JSON.stringify(body));
      return { media: body.data, peak: peakResident(world.fleet.pid('gateway')), size: (await stat(path)).size };
    }

    // 220 MB through the gateway to storage: on a loaded machine, minutes.
    it('streams files over 50 MB to storage with the gateway memory not growing with the file size', {
      timeout: 300_000,
    }, async () => {
      const baseline = world.fleet.rssBytes('gateway');
      const small = await upload(await world.files.tone('big.wav', 600, 48_000)); // 600 s × 48 kHz × 2 bytes ≈ 55 MB
      assert.ok(small.size > 50 * 1024 * 1024, String(small.size));
      assert.deepEqual([small.media.size_bytes, small.media.workspace_id], [small.size, 'ws_e2e']);
      assert.ok(Math.abs(small.media.duration_seconds - 600) < 0.1);
      const large = await upload(await world.files.tone('bigger.wav', 1800, 48_000)); // three times as large
      assert.equal(large.media.size_bytes, large.size);
      console.log(
        `gateway RSS: baseline ${mb(baseline)} MB; peak ${mb(small.peak)} MB streaming ${mb(small.size)} MB; peak ${mb(large.peak)} MB streaming ${mb(large.size)} MB`,
      );
      // Buffering would add the extra data to the peak; streaming keeps it near the smaller upload's
      // (garbage collection decides the rest, so allow up to half the extra data).
      assert.ok(
        large.peak - small.peak < (large.size - small.size) / 2,
        `peak grew by ${mb(large.peak - small.peak)} MB for ${mb(large.size - small.size)} MB more data`,
      );
      // Above the idle baseline sits V8's warm-up of the first upload (80 to 130 MB here); a gateway
      // that held the file would add all of it on top.
      assert.ok(
        large.peak - baseline < large.size,
        `peak ${mb(large.peak - baseline)} MB above baseline for a ${mb(large.size)} MB file`,
      );
    });
  });
}
