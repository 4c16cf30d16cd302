// Shared by the jobs integration tests (workflows.test.ts and the modules it registers, one per
// workflow; concurrency-limit.test.ts): the harness, the users and requests they make, what they observe.
import { findProfile } from '@tp/catalog';

export { eventually } from '@tp/testing';
export * from './harness.ts';
export * from './observations.ts';
export * from './requests.ts';
export * from './users.ts';

export const MICRO = 1_000_000;
export const SECOND = 1000;
/** The profile the tests' jobs use (pocketsphinx, cpu pool). */
export const oracle = findProfile('oracle')!;
