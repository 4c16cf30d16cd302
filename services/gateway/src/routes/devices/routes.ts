import { z } from 'zod';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { presentDevice } from '../shared/presenters.ts';
import { DeviceSessionSchema } from '../shared/schemas.ts';
import { DeviceParams, RevokeAllBody, RevokedSchema, RevokeOneBody } from './schemas.ts';

export function deviceRoutes({ accounts }: GatewayClients): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/devices',
      operationId: 'listDeviceSessions',
      summary: 'List signed-in device sessions',
      tag: 'Device sessions',
      access: { kind: 'scope', scope: 'devices:read' },
      status: 200,
      response: z.object({ devices: z.array(DeviceSessionSchema) }),
      handler: async ({ principal }) => {
        const { devices } = await accounts.listDeviceSessions({
          userId: principal.userId,
          currentDeviceId: principal.deviceId ?? '',
        });
        return { devices: devices.map((d) => presentDevice(d, principal.deviceId)) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/devices/logout-all',
      operationId: 'logoutAllDeviceSessions',
      summary: 'Log out every device session',
      tag: 'Device sessions',
      access: { kind: 'scope', scope: 'devices:write' },
      body: RevokeAllBody,
      status: 200,
      response: RevokedSchema,
      handler: async ({ principal, body }) => {
        const keep = body.keep_current && principal.deviceId ? principal.deviceId : '';
        const { revokedDeviceIds } = await accounts.revokeAllDeviceSessions({
          userId: principal.userId,
          exceptDeviceId: keep,
        });
        return { revoked_device_ids: revokedDeviceIds };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/devices/{device_id}/logout',
      operationId: 'logoutDeviceSession',
      summary: 'Log out one device session',
      tag: 'Device sessions',
      access: { kind: 'scope', scope: 'devices:write' },
      params: DeviceParams,
      body: RevokeOneBody,
      status: 200,
      response: RevokedSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const { revokedDeviceIds } = await accounts.revokeDeviceSession({
          userId: principal.userId,
          deviceId: params.device_id,
        });
        return { revoked_device_ids: revokedDeviceIds };
      },
    }),
  ];
}
