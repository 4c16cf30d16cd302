import { isUniqueViolation } from '@tp/db';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { PrismaClient, User } from '../generated/prisma/client.ts';
import { inTransaction, type OutboxEntry, writeOutbox } from './outbox.ts';

/** Users: created by the operator, looked up by email or id, deleted with their announcement. */
export function createUserStore(prisma: PrismaClient) {
  return {
    async createUser(email: string, passwordHash: string | null): Promise<User> {
      try {
        return await prisma.user.create({ data: { id: newId('usr'), email, passwordHash } });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('conflict', `A user with email ${email} already exists.`);
        throw err;
      }
    },

    findUserByEmail: (email: string): Promise<User | null> => prisma.user.findUnique({ where: { email } }),
    findUserById: (id: string): Promise<User | null> => prisma.user.findUnique({ where: { id } }),

    async deleteUser(userId: string, events: OutboxEntry[]): Promise<boolean> {
      return inTransaction(prisma, async (tx) => {
        const { count } = await tx.user.deleteMany({ where: { id: userId } });
        if (count > 0) await writeOutbox(tx, events);
        return count > 0;
      });
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
