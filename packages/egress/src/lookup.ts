import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress } from './address.ts';
import { type EgressPolicy, type ResolvedAddress, type Resolver, systemResolver } from './policy.ts';

/** The error a guarded lookup fails with for a non-public address: `code` `EGRESS_REFUSED`. */
export class EgressRefusedError extends Error {
  readonly code = 'EGRESS_REFUSED';
  readonly hostname: string;
  readonly address: string;
  /** In words: `a private address`. */
  readonly description: string;

  constructor(hostname: string, address: string, description: string) {
    super(`${hostname} resolves to ${address}, ${description}: refused`);
    this.name = 'EgressRefusedError';
    this.hostname = hostname;
    this.address = address;
    this.description = description;
  }
}

const wantedFamily = (options: LookupOptions): number => {
  const family = options.family;
  if (family === 'IPv4') return 4;
  if (family === 'IPv6') return 6;
  return typeof family === 'number' ? family : 0;
};

/** Resolves and checks every address of the family asked; the first non-public one refuses the lot. */
async function resolveChecked(
  hostname: string,
  options: LookupOptions,
  policy: EgressPolicy,
  resolver: Resolver,
): Promise<ResolvedAddress[]> {
  const family = wantedFamily(options);
  const all = await resolver(hostname);
  const addresses = family === 0 ? all : all.filter((a) => a.family === family);
  if (addresses.length === 0) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
  }
  if (!policy.allowPrivateTargets) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (!kind.public) throw new EgressRefusedError(hostname, address, kind.description);
    }
  }
  return addresses;
}

/**
 * A `net.LookupFunction` (the `lookup` option of `net.connect`, `http.request`) that resolves with `resolver`,
 * refuses a host with any non-public address (an `EgressRefusedError`, code `EGRESS_REFUSED`, naming it) unless the
 * policy admits private targets, and hands back exactly the addresses it checked: the connection goes where the
 * check looked, with no second resolution (no DNS-rebinding window). Answers a list when Node asks `all` (as it
 * does with happy eyeballs), else the first address. Node never calls it for an IP-literal host: check those
 * before connecting (`egressRequest` does).
 */
export function guardedLookup(policy: EgressPolicy, resolver: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, options, policy, resolver).then(
      (addresses) => {
        if (options.all) {
          const list: LookupAddress[] = addresses.map(({ address, family }) => ({ address, family }));
          callback(null, list);
        } else {
          const first = addresses[0] as ResolvedAddress;
          callback(null, first.address, first.family);
        }
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, ''),
    );
  };
}
