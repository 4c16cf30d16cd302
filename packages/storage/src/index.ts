export { createObjectStore, type ObjectStore, type ObjectStoreConfig, type ObjectHead, type CompleteMultipartResult } from './object-store.ts';
export { storageEnv, checkStorageCredentials, objectStoreConfigFrom } from './config.ts';
