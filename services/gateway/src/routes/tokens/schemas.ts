import { z } from 'zod';
import { ALL_SCOPES, PRESETS, type Scope } from '@tp/scopes';
import { limitParam, timestamp } from '../shared/schemas.ts';

const ScopeSchema = z.enum(ALL_SCOPES as [Scope, ...Scope[]]);
const PresetSchema = z.enum(Object.keys(PRESETS) as [keyof typeof PRESETS, ...(keyof typeof PRESETS)[]]);

export const TokenSchema = z
  .object({
    token_id: z.string(),
    name: z.string(),
    scopes: z.array(ScopeSchema),
    display_prefix: z.string().meta({ description: 'First characters of the token, for recognising it.' }),
    created_at: timestamp,
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: 'PersonalAccessToken' });

export const CreatedTokenSchema = TokenSchema.extend({
  token: z.string().meta({ description: 'The secret. Shown only in this response; store it now.' }),
}).meta({ id: 'CreatedPersonalAccessToken' });

export const CreateTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ScopeSchema).min(1).optional(),
    preset: PresetSchema.optional(),
    expires_in_days: z
      .union([z.literal(7), z.literal(30), z.literal(90)])
      .optional()
      .meta({ description: 'Expire after 7, 30 or 90 days. Omit both expiry fields for a token that never expires.' }),
    expires_at: timestamp
      .optional()
      .meta({ description: 'Expire at this custom date (in the future, within ten years).' }),
  })
  .refine((b) => (b.scopes === undefined) !== (b.preset === undefined), {
    message: 'Give either scopes or preset, not both',
    path: ['scopes'],
  })
  .refine((b) => b.expires_in_days === undefined || b.expires_at === undefined, {
    message: 'Give either expires_in_days or expires_at, not both',
    path: ['expires_at'],
  })
  .refine((b) => b.expires_at === undefined || Date.parse(b.expires_at) > Date.now(), {
    message: 'expires_at must be in the future',
    path: ['expires_at'],
  })
  .meta({ id: 'CreatePersonalAccessTokenRequest' });

export const TokenIdParams = z.object({ token_id: z.string().min(1).max(64) });
export const ListTokensQuery = z.object({ limit: limitParam });
