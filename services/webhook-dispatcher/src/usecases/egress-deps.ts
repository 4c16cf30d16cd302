import type { checkUrl, egressPolicy } from '@tp/egress';

/** The egress guard's policy (private targets allowed or not) and, in tests, the resolver it asks. */
export interface EgressDeps {
  policy: ReturnType<typeof egressPolicy>;
  resolver?: Parameters<typeof checkUrl>[2];
}
