// What a user does while a fault happens: saves transcript edits in a loop, and starts one upload
// and one job at the moment of the kill, so requests are in flight when the process dies and
// while it is away. Every 2xx lands in the driver's record.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Driver } from './driver.ts';

export interface Traffic {
  /** Starts the upload and the job (each retried through the outage). */
  burst(): void;
  /** Stops the loop and waits for everything in flight. */
  stop(): Promise<void>;
}

export interface TrafficPlan {
  /** The artifact the user edits. */
  artifactId: string;
  /** A transcript to save as its new versions. */
  transcript: unknown;
  /** A short clip to upload and to transcribe. */
  clip: { path: string; mediaId: string };
}

export function startTraffic(driver: Driver, plan: TrafficPlan): Traffic {
  let stopped = false;
  const pending: Promise<unknown>[] = [];
  const edits = (async () => {
    while (!stopped) {
      await driver.saveVersion(plan.artifactId, plan.transcript);
      await sleep(250);
    }
  })();
  return {
    burst() {
      pending.push(driver.upload(plan.clip.path, 'burst.wav'), driver.createJob(plan.clip.mediaId));
    },
    async stop() {
      stopped = true;
      await Promise.all([edits, ...pending]);
    },
  };
}
