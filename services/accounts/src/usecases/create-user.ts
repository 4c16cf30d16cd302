import { AppError } from '@tp/errors';
import { normalizeEmail } from '../domain/emails.ts';
import { hashPassword, passwordProblem } from '../domain/passwords.ts';
import type { User, UserStore } from '../store/index.ts';

export interface CreateUserDeps {
  users: Pick<UserStore, 'createUser'>;
}

/** A new user; without a password ('') the user can use tokens but cannot sign in to the app. */
export async function createUser(
  deps: CreateUserDeps,
  { email, password }: { email: string; password: string },
): Promise<User> {
  const normalized = normalizeEmail(email);
  if (password !== '') {
    const problem = passwordProblem(password);
    if (problem) throw new AppError('bad_request', problem);
  }
  return deps.users.createUser(normalized, password === '' ? null : await hashPassword(password));
}
