import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type OutboxRow, outboxMessage, writeOutbox } from './outbox-table.ts';

describe('writeOutbox', () => {
  it('inserts one row per message, with its id, subject, payload and trace headers', async () => {
    const inserted: OutboxRow[][] = [];
    const table = { createMany: async ({ data }: { data: OutboxRow[] }) => void inserted.push(data) };
    const first = outboxMessage('events.media.verified', { media_id: 'med_1' });
    const second = outboxMessage('events.media.deleted', { media_id: 'med_2' });
    await writeOutbox(table, [first, second]);
    assert.deepEqual(inserted, [
      [
        { id: first.id, subject: 'events.media.verified', payload: { media_id: 'med_1' }, headers: first.headers },
        { id: second.id, subject: 'events.media.deleted', payload: { media_id: 'med_2' }, headers: second.headers },
      ],
    ]);
  });

  it('does not touch the table when there is nothing to write', async () => {
    let calls = 0;
    await writeOutbox({ createMany: async () => void (calls += 1) }, []);
    assert.equal(calls, 0);
  });
});
