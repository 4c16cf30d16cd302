// @tp/sdk: a typed client of the API, for Node and browsers (no Node module here; see ./node.ts).
export {
  type Client,
  type ClientOptions,
  createClient,
  type PathsWith,
  type RequestInit,
  type ResponseOf,
  type Unwrapped,
} from './client.ts';
export { ApiError, type ErrorDetail, NetworkError, type ValidationIssue } from './errors.ts';
export type { components, operations, paths } from './generated/schema.ts';
export type { RetryOptions } from './retry.ts';
export type * from './models.ts';
