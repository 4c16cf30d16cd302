import type { AccountsClient, MediaClient } from '../clients.ts';
import { isNotFound } from './backend-answers.ts';

/**
 * What the owning services say about something an event calls deleted. A take-down acts on these
 * answers, never on the event alone: anyone who can publish on the bus could otherwise take a
 * user's links down. An answer that cannot be had (the source is away) throws, and the event comes
 * back later.
 */
export interface SourceFacts {
  /** Media answers not_found for the user's media: deleted (or never theirs). */
  mediaGone(userId: string, mediaId: string): Promise<boolean>;
  /** Accounts no longer has the account. */
  accountGone(userId: string): Promise<boolean>;
}

export function sourceFacts(clients: {
  media: Pick<MediaClient, 'getMedia'>;
  accounts: Pick<AccountsClient, 'accountExists'>;
}): SourceFacts {
  return {
    async mediaGone(userId, mediaId) {
      try {
        await clients.media.getMedia({ userId, mediaId, workspaceId: '' });
        return false;
      } catch (err) {
        if (isNotFound(err)) return true;
        throw err;
      }
    },
    accountGone: async (userId) => !(await clients.accounts.accountExists({ userId })).exists,
  };
}
