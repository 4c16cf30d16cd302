export { checkPolicy, stateOf, windowAt, type RatePolicy, type RateState } from './policy.ts';
export { rateLimitHeader, rateLimitHeaders, rateLimitPolicyHeader } from './headers.ts';
export { kvCounterStore, type CounterStore, type KvCounterOptions } from './kv-counters.ts';
export { counterKey, createRateLimiter, type RateLimiter, type RateLimiterOptions } from './limiter.ts';
