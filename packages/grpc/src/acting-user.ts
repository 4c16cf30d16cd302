import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/**
 * Runs `fn` acting for `user`: every gRPC call made inside carries that user in its service token
 * (unless the call names another in its options). The gateway runs each authenticated request in
 * one, so the backends hold the request's user id to the credential it checked.
 */
export function onBehalfOf<T>(user: string, fn: () => T): T {
  return scope.run(user, fn);
}

/** The user of the enclosing `onBehalfOf`, if any. */
export function actingUser(): string | undefined {
  return scope.getStore();
}
