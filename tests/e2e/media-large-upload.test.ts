// A multipart upload of files over 50 MB streams through the gateway: its memory stays flat.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { files, fleet, useMediaFleet, users } from './support/media.ts';

useMediaFleet();

describe('multipart upload', () => {
  it('streams files over 50 MB to storage with the gateway memory not growing with the file size', async () => {
    const upload = async (path: string) => {
      let peak = fleet.rssBytes('gateway');
      const sampler = setInterval(() => {
        peak = Math.max(peak, fleet.rssBytes('gateway'));
      }, 20);
      const form = new FormData();
      form.append('workspace_id', 'ws_e2e');
      form.append('file', await openAsBlob(path, { type: 'audio/wav' }), 'big.wav');
      const res = await fetch(`${fleet.gatewayUrl}/api/v1/media/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${users.ada.token}`, prefer: 'wait=30' },
      });
      clearInterval(sampler);
      const body = (await res.json()) as {
        data: { size_bytes: number; duration_seconds: number; workspace_id: string };
      };
      assert.equal(res.status, 201, JSON.stringify(body));
      return { body: body.data, peak };
    };
    const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
    const baseline = fleet.rssBytes('gateway');
    const smallPath = await files.tone('big.wav', 600, 48_000); // 600 s × 48 kHz × 2 bytes ≈ 55 MB
    const small = await upload(smallPath);
    const smallSize = (await stat(smallPath)).size;
    assert.ok(smallSize > 50 * 1024 * 1024, String(smallSize));
    assert.equal(small.body.size_bytes, smallSize);
    assert.equal(small.body.workspace_id, 'ws_e2e');
    assert.ok(Math.abs(small.body.duration_seconds - 600) < 0.1);

    const largePath = await files.tone('bigger.wav', 1800, 48_000); // three times as large ≈ 165 MB
    const large = await upload(largePath);
    const largeSize = (await stat(largePath)).size;
    assert.equal(large.body.size_bytes, largeSize);
    console.log(
      `gateway RSS: baseline ${mb(baseline)} MB; peak ${mb(small.peak)} MB streaming ${mb(smallSize)} MB; peak ${mb(large.peak)} MB streaming ${mb(largeSize)} MB`,
    );
    // Buffering would add the extra data to the peak; streaming keeps it near the smaller upload's
    // (garbage collection decides the rest, so allow up to half the extra data).
    assert.ok(
      large.peak - small.peak < (largeSize - smallSize) / 2,
      `peak grew by ${mb(large.peak - small.peak)} MB for ${mb(largeSize - smallSize)} MB more data`,
    );
    // Above the idle baseline sits V8's warm-up of the first upload (80 to 130 MB here); a gateway
    // that held the file would add all of it on top.
    assert.ok(
      large.peak - baseline < largeSize,
      `peak ${mb(large.peak - baseline)} MB above baseline for a ${mb(largeSize)} MB file`,
    );
  });
});
