import type { Metadata } from '@grpc/grpc-js';
import { AppError, type ErrorCode } from '@tp/errors';
import {
  claimedIssuer,
  type JobGrant,
  type ServiceName,
  type Signer,
  type VerifiedCaller,
  type Verifier,
} from '@tp/identity';
import type { Logger } from '@tp/logging';
import { type AnyServiceDefinition, splitPath, type RequestOf } from './definition.ts';

/** What a client signs its calls with: its service's signer and the service it calls (`aud`). */
export interface ClientIdentity {
  signer: Signer;
  audience: ServiceName;
}

/** The metadata key of the service token: `authorization: Bearer <jwt>`. */
export const AUTHORIZATION_METADATA = 'authorization';
/** The metadata key of a job grant (`@tp/identity` grants): the ids a worker may act on for its job. */
export const GRANT_METADATA = 'x-job-grant';

type StringField<Req> = { [K in keyof Req]-?: Req[K] extends string ? K : never }[keyof Req] & string;

/**
 * How an allowed caller may call a method:
 * - `'service'`: as itself (jobs settling a hold, the worker claiming a job);
 * - `'user'`: for a user: its token must name one (`sub`), and the request's `userId` must be that user;
 * - `{ user: field }`: the same, for a request that names its user in another field (`principalId`).
 * Under every rule, a token that names a user is held to the request's `userId` when it has one.
 */
export type CallerRule<Req> =
  | 'service'
  | ('userId' extends StringField<Req> ? 'user' : never)
  | { user: StringField<Req> }
  | { grant: GrantFields<Req>; lapseSeconds?: number };

/**
 * `{ grant: { user: 'userId', media: 'mediaId' } }`: as itself, under a job grant (GRANT_METADATA)
 * that jobs signed, whose every named id equals the request's field (an empty one in the grant
 * matches nothing). What the worker may touch is what the jobs it runs name. A rule names the
 * grant's user, or (jobs' own worker methods, whose requests name no user) its job; `lapseSeconds`
 * admits a grant that long past its expiry (GrantVerifyOptions of @tp/identity).
 */
export type GrantFields<Req> = ({ user: StringField<Req> } | { job: StringField<Req> }) &
  Partial<Record<keyof JobGrant, StringField<Req>>>;

/** The services allowed to call one method, each with its rule; a caller not listed is refused. */
export type MethodAccess<Req> = Partial<Record<ServiceName, CallerRule<Req>>>;

/** A method's access with its request type erased, as the checks read it. */
export type AnyMethodAccess = Partial<Record<ServiceName, AnyRule>>;
type AnyRule = 'service' | 'user' | { user: string } | { grant: Record<string, string>; lapseSeconds?: number };

/** The allow-list of a whole service: every method names its callers (an empty object: nobody). */
export type AccessPolicy<D extends AnyServiceDefinition> = {
  readonly [K in keyof D]: MethodAccess<RequestOf<D[K]>>;
};

/** Declares a service's allow-list, checked against its definition (every method, real fields). */
export function defineAccess<D extends AnyServiceDefinition>(_definition: D, policy: AccessPolicy<D>): AccessPolicy<D> {
  return policy;
}

/**
 * The access of an operator service (tsctl's): no service token, every handler wrapped by
 * `adminGuard(adminKey)` instead.
 */
export const OPERATOR_ONLY = Symbol('operator-only');

/** The field a rule holds a token's user to, when the request has it (a grant rule names its own). */
function userFieldOf(rule: Exclude<AnyRule, { grant: Record<string, string> }>): string {
  return typeof rule === 'object' ? rule.user : 'userId';
}

const isGrantRule = (rule: AnyRule): rule is { grant: Record<string, string>; lapseSeconds?: number } =>
  typeof rule === 'object' && 'grant' in rule;

function bearerOf(metadata: Metadata): string | null {
  const value = metadata.get(AUTHORIZATION_METADATA)[0];
  if (typeof value !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}

/**
 * The check of one method of a guarded service, before its handler: a valid token of a caller the
 * method's allow-list names, for the user the request names, that came over the caller's own
 * certificate (`peer`: the service the TLS peer's certificate names; ADR 0037), so a token read
 * off the wire is worthless without that service's private key. Every refusal is logged with the
 * caller and the method.
 */
export function callerGuard(options: { verifier: Verifier; access: AnyMethodAccess; method: string; log: Logger }) {
  const { verifier, access, method, log } = options;
  const refuse = (code: ErrorCode, reason: string, fields: Record<string, unknown>): AppError => {
    log.warn({ method, code, reason, ...fields }, 'gRPC call refused');
    return new AppError(code, reason);
  };

  return async (request: unknown, metadata: Metadata, peer: string | null): Promise<VerifiedCaller> => {
    const token = bearerOf(metadata);
    if (token === null) throw refuse('caller_unauthenticated', 'The call carries no service token.', { caller: null });
    let caller: VerifiedCaller;
    try {
      caller = await verifier.verify(token);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw refuse('caller_unauthenticated', reason, { caller: null, claimed_caller: claimedIssuer(token) });
    }
    if (caller.service !== peer)
      throw refuse(
        'caller_unauthenticated',
        `A token of ${caller.service} came over the certificate of ${peer ?? 'nobody'}.`,
        {
          caller: null,
          claimed_caller: caller.service,
          peer,
        },
      );
    const rule = Object.hasOwn(access, caller.service) ? access[caller.service as ServiceName] : undefined;
    const who = { caller: caller.service, user: caller.user, token_id: caller.tokenId };
    if (rule === undefined) throw refuse('caller_not_allowed', `${caller.service} may not call ${method}.`, who);
    if (isGrantRule(rule)) {
      await checkGrant(verifier, rule, request, metadata).catch((err: AppError) => {
        throw refuse(err.code, err.message, who);
      });
      return caller;
    }
    if (rule !== 'service' && caller.user === null)
      throw refuse('caller_user_mismatch', `${caller.service} calls ${method} for no user; it must name one.`, who);
    const field = userFieldOf(rule);
    const named = (request as Record<string, unknown> | null)?.[field];
    const checked = rule !== 'service' || (caller.user !== null && typeof named === 'string');
    if (checked && named !== caller.user)
      throw refuse('caller_user_mismatch', `The request's ${field} is not the user the call acts for.`, who);
    return caller;
  };
}

/** The call's job grant, verified, must name every id the rule maps to a request field. */
async function checkGrant(
  verifier: Verifier,
  rule: { grant: Record<string, string>; lapseSeconds?: number },
  request: unknown,
  metadata: Metadata,
): Promise<void> {
  const token = metadata.get(GRANT_METADATA)[0];
  if (typeof token !== 'string' || token === '')
    throw new AppError('caller_grant_invalid', 'The call carries no job grant.');
  const grant = await verifier.verifyGrant(token, { lapseSeconds: rule.lapseSeconds ?? 0 });
  for (const [claim, field] of Object.entries(rule.grant)) {
    const granted = grant[claim as keyof JobGrant];
    const named = (request as Record<string, unknown> | null)?.[field];
    if (granted === '' || named !== granted)
      throw new AppError('caller_grant_mismatch', `The request's ${field} is not the ${claim} of job ${grant.job}.`);
  }
}

/** The check before one method's handler (`peer`: the service the caller's certificate names): the verified caller, or a refusal. */
export type CallerCheck = (request: unknown, metadata: Metadata, peer: string | null) => Promise<VerifiedCaller>;

/** The check of each method of a service being added, or none (an operator service, a server without a verifier). */
export function guardsFor(
  options: { verifier?: Verifier | undefined; log: Logger },
  definition: AnyServiceDefinition,
  access: AccessPolicy<AnyServiceDefinition> | typeof OPERATOR_ONLY | undefined,
): (name: string) => CallerCheck | undefined {
  const { verifier, log } = options;
  const service = splitPath(Object.values(definition)[0]?.path ?? '/?/?')[0];
  if (access === OPERATOR_ONLY) return () => undefined;
  if (!verifier) {
    if (access) throw new Error(`${service} has an allow-list, but the server has no verifier to check it`);
    return () => undefined;
  }
  if (!access) throw new Error(`${service} needs an allow-list (or OPERATOR_ONLY) on a server that checks callers`);
  return (name) => {
    const methodAccess = (access as Record<string, AnyMethodAccess | undefined>)[name];
    if (!methodAccess) throw new Error(`The allow-list of ${service} does not name ${name}`);
    return callerGuard({ verifier, access: methodAccess, method: definition[name]!.path, log });
  };
}
