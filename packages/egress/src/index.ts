/**
 * @tp/egress: the guard for requests to URLs a user gave (a webhook_url, a remote audio_url), against SSRF.
 *
 * - `egressPolicy(config)`: from `EGRESS_ALLOW_PRIVATE_TARGETS` (`egressSettings()` of `@tp/config`, default false).
 *   True admits private targets (local use, test fleets; `make up` sets it, the chart never by default); a URL must
 *   still be http(s) without userinfo.
 * - `checkUrl(raw, policy, resolver?, { field })` → the `URL`, or `AppError` `url_not_allowed` with
 *   `details.reason` (`invalid_url`, `scheme`, `userinfo`, `unresolvable`, `not_public`) and a message naming the
 *   field and the address (`webhook_url resolves to 10.0.0.1, a private address.`). Public means global unicast:
 *   loopback, RFC 1918, CGNAT, link-local (169.254.169.254), unspecified, multicast, broadcast, reserved and
 *   documentation ranges, IPv6 unique-local and link-local, and IPv6 forms embedding such an IPv4 address
 *   (IPv4-mapped, NAT64, 6to4, Teredo) are refused (`classifyAddress`, on ipaddr.js's ranges). An IP-literal host is
 *   checked as it is (WHATWG URL has already turned `http://2130706433/` into 127.0.0.1); a name is resolved and every
 *   address checked.
 * - `guardedLookup(policy, resolver?)`: a `net.LookupFunction` that checks what it resolves and hands back exactly
 *   that, so a connection goes to the checked address (no DNS-rebinding window); refusals are `EgressRefusedError`
 *   (code `EGRESS_REFUSED`).
 * - `egressRequest(url, { policy, method, headers, body, timeoutMs, signal, resolver, field })` →
 *   `{ status, headers, body }`: node:http(s) through the guard; redirects never followed; `timeoutMs` (15 s)
 *   bounds connecting and the response headers, then each silence of the body (`EgressTimeoutError`, "timed out
 *   after N ms").
 */
export { type AddressClass, classifyAddress, isPublicAddress } from './address.ts';
export { EgressRefusedError, guardedLookup } from './lookup.ts';
export {
  type CheckUrlOptions,
  checkUrl,
  type EgressPolicy,
  type EgressRefusal,
  egressPolicy,
  type ResolvedAddress,
  type Resolver,
  systemResolver,
} from './policy.ts';
export {
  DEFAULT_EGRESS_TIMEOUT_MS,
  type EgressRequestOptions,
  type EgressResponse,
  EgressTimeoutError,
  egressRequest,
} from './request.ts';
