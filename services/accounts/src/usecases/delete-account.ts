import { AppError } from '@tp/errors';
import { accountDeleted } from '../events/account-events.ts';
import type { UserStore } from '../store/index.ts';

export interface DeleteAccountDeps {
  users: Pick<UserStore, 'deleteUser'>;
  nudgeOutbox: () => void;
  now: () => Date;
}

/** Deletes the user with everything of theirs here, and announces it (shares takes their links down). */
export async function deleteAccount(deps: DeleteAccountDeps, { userId }: { userId: string }): Promise<void> {
  const deleted = await deps.users.deleteUser(userId, [accountDeleted(userId, deps.now())]);
  if (!deleted) throw new AppError('not_found', 'The account was not found.');
  deps.nudgeOutbox();
}
