import { z } from 'zod';

export const RevokedSchema = z
  .object({ revoked_device_ids: z.array(z.string()) })
  .meta({ id: 'RevokedDeviceSessions' });

export const RevokeAllBody = z
  .strictObject({
    keep_current: z
      .boolean()
      .default(true)
      .meta({ description: 'Keep the calling app session signed in (ignored for tokens).' }),
  })
  .meta({ id: 'RevokeAllDeviceSessionsRequest' });

export const RevokeOneBody = z.strictObject({}).meta({ id: 'RevokeDeviceSessionRequest' });

export const DeviceParams = z.object({ device_id: z.string().min(1).max(64) });
