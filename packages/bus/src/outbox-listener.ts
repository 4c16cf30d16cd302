import pg from 'pg';
import type { Logger } from '@tp/logging';

export interface NudgeListener {
  /** Ends the listening connection and waits for the loop to finish (call once the relay is stopped). */
  stop(): Promise<void>;
}

/**
 * LISTENs on the schema's channel so that a nudge on another replica wakes this one; reconnects
 * after a lost connection. The relay keeps polling meanwhile, so a listener down only costs latency.
 */
export function listenForNudges(options: {
  databaseUrl: string;
  channel: string;
  log: Logger;
  onNudge: () => void;
  isStopped: () => boolean;
}): NudgeListener {
  const { log, isStopped } = options;
  let listener: pg.Client | undefined;

  async function listen(): Promise<void> {
    while (!isStopped()) {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      listener = client;
      const closed = new Promise<void>((resolve) => {
        client.on('error', (err) => {
          if (!isStopped()) log.warn({ err }, 'outbox listener lost; polling continues');
          resolve();
        });
        client.once('end', () => resolve());
      });
      try {
        await client.connect();
        client.on('notification', () => options.onNudge());
        await client.query(`LISTEN "${options.channel}"`);
        if (!isStopped()) await closed;
      } catch (err) {
        if (!isStopped()) log.warn({ err }, 'outbox listener failed to start; polling continues');
      }
      listener = undefined;
      await client.end().catch(() => undefined);
      if (!isStopped()) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  const listening = listen();

  return {
    async stop() {
      await listener?.end().catch(() => undefined);
      await listening;
    },
  };
}
