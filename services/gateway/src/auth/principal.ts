import type { Scope } from '@tp/scopes';

/** Who is calling, as the gateway sees it after authentication. */
export interface Principal {
  userId: string;
  kind: 'personal_access_token' | 'app_session';
  /** Granted scopes; an app session has all of them. */
  scopes: ReadonlySet<Scope>;
  tokenId: string | null;
  deviceId: string | null;
  expiresAt: Date | null;
  features: ReadonlySet<string>;
}
