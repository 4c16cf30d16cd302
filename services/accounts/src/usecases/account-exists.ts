import { AppError } from '@tp/errors';
import type { UserStore } from '../store/index.ts';

export interface AccountExistsDeps {
  users: Pick<UserStore, 'findUserById'>;
}

/**
 * Whether the account is still here. A consumer of `events.account.deleted` asks before it destroys
 * anything, so that an event it did not get from accounts (anyone able to publish on the bus) takes
 * nothing down: deleting an account removes its row, so "gone" is the fact the event claims.
 */
export async function accountExists(deps: AccountExistsDeps, { userId }: { userId: string }): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId))
    throw new AppError('validation_error', 'user_id must be a user id.', { field: 'user_id' });
  return (await deps.users.findUserById(userId)) !== null;
}
