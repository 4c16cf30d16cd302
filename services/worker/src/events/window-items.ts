import { type Bus, STREAMS, type Subscription, workSubject } from '@tp/bus';
import { type WindowItem, WindowItemSchema } from '../domain/window-item.ts';
import {
  failWindowItem,
  type HandleWindowItemDeps,
  handleWindowItem,
} from '../usecases/window-items/handle-window-item.ts';
import type { OpenJobWindows, WindowBucket } from '../usecases/window-items/window-checkpoints.ts';
import { deliveryLimits, type WorkDeliverySettings } from './work-tickets.ts';

/** Window items of a pool's fanned-out jobs (ADR 0026): `work.window.<pool>`. */
export const windowItemSubject = (pool: string) => workSubject('window', pool);

/** Runs `use` on the item's job's windows, reached with the credentials it carries (ADR 0041); throws (redelivery) without them. */
async function withJobWindows(
  deps: { openWindows: OpenJobWindows },
  item: WindowItem,
  use: (bucket: WindowBucket) => Promise<void>,
): Promise<void> {
  const access = await deps.openWindows(item.credentials, item.job_id);
  if (!access) throw new Error(`the windows of job ${item.job_id} could not be reached`);
  try {
    await use(access.bucket);
  } finally {
    await access.close();
  }
}

/** Takes the pool's window items, whoever's job they belong to; one that runs out of deliveries fails its window. */
export function consumeWindowItems(
  bus: Bus,
  deps: HandleWindowItemDeps & { openWindows: OpenJobWindows },
  /** Its concurrency: ENGINE_POOL_SIZE (each item waits for an engine slot). */
  settings: WorkDeliverySettings,
): Promise<Subscription> {
  return bus.consume<unknown>({
    stream: STREAMS.WORK.name,
    durable: `worker-window-${settings.pool}`,
    filterSubject: windowItemSubject(settings.pool),
    handler: async (message) => {
      const item = WindowItemSchema.safeParse(message.data);
      if (!item.success) {
        deps.log.error({ subject: message.subject, seq: message.sequence }, 'not a window item; dropping it');
        return;
      }
      await withJobWindows(deps, item.data, (windowBucket) =>
        handleWindowItem({ ...deps, windowBucket }, item.data, () => message.working()),
      );
    },
    onDeadLetter: async (message, error) => {
      const item = WindowItemSchema.safeParse(message.data);
      if (item.success) await withJobWindows(deps, item.data, (bucket) => failWindowItem(bucket, item.data, error));
    },
    ...deliveryLimits(settings),
  });
}
