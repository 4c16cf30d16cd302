import type { z } from 'zod';
import type { SignInResponse } from '@tp/proto';
import { iso, presentDevice } from '../shared/presenters.ts';
import type { SessionSchema } from './schemas.ts';

export function presentSession({ sessionToken, device }: SignInResponse): z.infer<typeof SessionSchema> {
  return {
    session_token: sessionToken,
    token_type: 'Bearer' as const,
    expires_at: iso(device!.expiresAt)!,
    device: presentDevice(device!, device!.deviceId),
  };
}
