// @tp/sdk: a typed client of the API, for Node and browsers (no Node module here; see ./node.ts).
export { type Client, type ClientOptions, createClient } from './client.ts';
export { ApiError, type ErrorDetail, NetworkError, type ValidationIssue } from './errors.ts';
export type { components, operations, paths, webhooks } from './generated/schema.ts';
export type { WaitForJobOptions } from './jobs.ts';
export type * from './models.ts';
export type { ItemOf, ListPath } from './pagination.ts';
export type { RetryOptions } from './retry.ts';
export type { Method, PathsWith, RequestInit, ResponseOf, Unwrapped } from './types.ts';
export type { UploadFileInput, UploadProgress } from './uploads.ts';
