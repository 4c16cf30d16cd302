import { AppError } from '@tp/errors';
import { normalizeEmail } from '../domain/emails.ts';
import type { User, UserStore } from '../store/index.ts';

export interface LookupUserDeps {
  users: Pick<UserStore, 'findUserByEmail'>;
}

/** The user with this email (case and surrounding spaces do not matter); not_found names the email. */
export async function lookupUser(deps: LookupUserDeps, { email }: { email: string }): Promise<User> {
  const user = await deps.users.findUserByEmail(normalizeEmail(email));
  if (!user) throw new AppError('not_found', `No user with email ${email.trim()}.`);
  return user;
}
