import { z } from 'zod';
import { DeviceSessionSchema, timestamp } from '../shared/schemas.ts';

export const SignInBody = z
  .strictObject({
    email: z.email().max(320),
    password: z.string().min(1).max(1024),
    device_name: z.string().trim().min(1).max(100).optional(),
  })
  .meta({ id: 'SignInRequest' });

export const SessionSchema = z
  .object({
    session_token: z.string().meta({ description: 'Send as `Authorization: Bearer <session_token>`.' }),
    token_type: z.literal('Bearer'),
    expires_at: timestamp,
    device: DeviceSessionSchema,
  })
  .meta({ id: 'AppSession' });
