export {
  createObjectStore,
  type ObjectStore,
  type ObjectStoreConfig,
  type ObjectHead,
  type CompleteMultipartResult,
} from './object-store.ts';
export type { PresignedForm, PresignFormOptions, StreamUploadOptions } from './form-and-stream.ts';
export {
  storageEnv,
  checkStorageCredentials,
  objectStoreConfigFrom,
  type StorageVariables,
} from './config.ts';
export { openObjectStore } from './open.ts';
