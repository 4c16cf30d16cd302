export { createTestDatabase, dropStaleTestDatabases, adminUrl, TEST_DATABASE_PREFIX, type TestDatabase, type TestDatabaseOptions, type DropStaleOptions } from './test-database.ts';
export { createTestBusNamespace, type TestBusNamespace } from './bus-namespace.ts';
export { repoRoot, freePort } from './repo.ts';
export { startFleet, type Fleet } from './fleet.ts';
export { startTestObjectStore, type TestObjectStore, type TestObjectStoreOptions } from './object-store.ts';
