import type { Logger } from '@tp/logging';
import type { Lifecycle } from '@tp/runtime';
import { objectStoreConfigFrom, type StorageVariables } from './config.ts';
import { createObjectStore, type ObjectStore } from './object-store.ts';

/** Opens the S3 object store of a service's `S3_*` settings within its lifecycle. */
export function openObjectStore(
  life: Pick<Lifecycle, 'open'>,
  config: StorageVariables,
  log: Logger,
): Promise<ObjectStore> {
  return life.open(
    'storage',
    () => createObjectStore(objectStoreConfigFrom(config), log),
    (store) => store.close(),
  );
}
