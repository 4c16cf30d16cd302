import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '@tp/errors';
import { classifyAddress } from './address.ts';

/** What the guard admits. `allowPrivateTargets` (local use and tests only) admits any address, still only http(s). */
export interface EgressPolicy {
  allowPrivateTargets: boolean;
}

/** The policy of a service's configuration (`egressSettings()` of `@tp/config`). */
export function egressPolicy(config: { EGRESS_ALLOW_PRIVATE_TARGETS: boolean }): EgressPolicy {
  return { allowPrivateTargets: config.EGRESS_ALLOW_PRIVATE_TARGETS };
}

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Every address of a host name. The default asks the system resolver, as a connection would. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Why a URL was refused (`details.reason` of `url_not_allowed`): not a URL, a scheme other than http(s), a user name
 * or password in it, a host that does not resolve, or a host that is (or resolves to) a non-public address.
 */
export type EgressRefusal = 'invalid_url' | 'scheme' | 'userinfo' | 'unresolvable' | 'not_public';

export const refusal = (reason: EgressRefusal, message: string): AppError =>
  new AppError('url_not_allowed', message, { reason });

/** The host of a URL without IPv6 brackets, and whether it is an IP literal (which no resolver is asked about). */
export function hostOf(url: URL): { host: string; literal: boolean } {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { host, literal: isIP(host) !== 0 };
}

/** Parses and checks what needs no resolution: a URL, http(s), no userinfo. */
export function parseEgressUrl(raw: string | URL, field = 'url'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refusal('invalid_url', `${field} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refusal('scheme', `${field} must be an http or https URL, not ${url.protocol.slice(0, -1)}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw refusal('userinfo', `${field} must not carry a user name or password.`);
  }
  return url;
}

/** Refuses a non-public address (unless the policy admits private targets); `verb` tells how the host led to it. */
export function checkAddress(address: string, policy: EgressPolicy, field: string, verb: string): void {
  if (policy.allowPrivateTargets) return;
  const kind = classifyAddress(address);
  if (!kind.public) throw refusal('not_public', `${field} ${verb} ${address}, ${kind.description}.`);
}

export interface CheckUrlOptions {
  /** Names the URL in messages: `webhook_url resolves to 10.0.0.1, a private address.` Default `url`. */
  field?: string;
}

/**
 * The URL, if the platform may fetch or post to it: http(s), no userinfo, and a host that is a public address or
 * resolves only to public ones (every address is checked: one private answer refuses the URL). Throws `AppError`
 * `url_not_allowed` with `details.reason` (`EgressRefusal`). A check at one moment: a connection made later must go
 * through `guardedLookup` (as `egressRequest` does), since a name may resolve differently then.
 */
export async function checkUrl(
  raw: string | URL,
  policy: EgressPolicy,
  resolver: Resolver = systemResolver,
  options: CheckUrlOptions = {},
): Promise<URL> {
  const field = options.field ?? 'url';
  const url = parseEgressUrl(raw, field);
  const { host, literal } = hostOf(url);
  if (literal) {
    checkAddress(host, policy, field, 'names');
    return url;
  }
  if (policy.allowPrivateTargets) return url;
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(host);
  } catch {
    throw refusal('unresolvable', `${field}: the host ${host} does not resolve.`);
  }
  if (addresses.length === 0) throw refusal('unresolvable', `${field}: the host ${host} does not resolve.`);
  for (const { address } of addresses) checkAddress(address, policy, field, 'resolves to');
  return url;
}
