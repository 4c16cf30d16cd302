import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLifecycle } from '@tp/runtime';
import { openDatabase } from './open.ts';

describe('openDatabase', () => {
  it('gives the client a PostgreSQL adapter and disconnects it when the lifecycle stops', async () => {
    const life = createLifecycle();
    let disconnected = 0;
    const client = await openDatabase(life, 'postgresql://postgres@127.0.0.1:5432/tp?schema=media', (adapter) => ({
      adapter,
      $disconnect: async () => void (disconnected += 1),
    }));
    assert.equal(client.adapter.provider, 'postgres');
    assert.deepEqual(
      life.stopSteps().map((step) => step.name),
      ['database'],
    );
    await life.stop();
    assert.equal(disconnected, 1);
  });
});
