import { checkUrl } from '@tp/egress';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { SecretBox } from '../domain/secret-box.ts';
import type { Subscription, SubscriptionStore } from '../store/index.ts';
import type { EgressDeps } from './egress-deps.ts';

export const MIN_SECRET_CHARS = 16;
export const MAX_SECRET_CHARS = 512;

export interface CreateSubscriptionDeps {
  subscriptions: Pick<SubscriptionStore, 'create'>;
  secrets: SecretBox;
  egress: EgressDeps;
  now: () => Date;
}

export interface CreateSubscriptionInput {
  userId: string;
  url: string;
  secret: string;
}

/** Stores a job's webhook target; the URL passes the egress guard again here (and at every delivery). */
export async function createSubscription(
  deps: CreateSubscriptionDeps,
  input: CreateSubscriptionInput,
): Promise<Subscription> {
  const { secret } = input;
  if (secret.length < MIN_SECRET_CHARS || secret.length > MAX_SECRET_CHARS)
    throw new AppError(
      'validation_error',
      `webhook_secret must be ${MIN_SECRET_CHARS} to ${MAX_SECRET_CHARS} characters.`,
      { field: 'webhook_secret' },
    );
  const url = await checkUrl(input.url, deps.egress.policy, deps.egress.resolver, { field: 'webhook_url' });
  const id = newId('whs');
  return deps.subscriptions.create({
    id,
    userId: input.userId,
    url: url.toString(),
    secretSealed: deps.secrets.seal(secret, id),
    createdAt: deps.now(),
  });
}
