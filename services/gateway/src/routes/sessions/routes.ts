import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { presentSession } from './presenters.ts';
import { SessionSchema, SignInBody } from './schemas.ts';

/** App sign-in: an email and password create a device session. */
export function sessionRoutes({ accounts }: GatewayClients): AnyRoute[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/sessions',
      operationId: 'signIn',
      summary: 'Sign in to the app',
      description:
        'Creates a device session; its token reaches the app-only endpoints (token management, account deletion).',
      tag: 'Sessions',
      access: { kind: 'public' },
      rateLimit: 'sign_in',
      body: SignInBody,
      status: 201,
      response: SessionSchema,
      errors: ['invalid_credentials'],
      handler: async ({ body, req }) =>
        presentSession(
          await accounts.signIn({
            email: body.email,
            password: body.password,
            deviceName: body.device_name ?? '',
            userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
          }),
        ),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/auth/sessions/current',
      operationId: 'signOut',
      summary: 'Sign out this device',
      tag: 'Sessions',
      access: { kind: 'app_session' },
      status: 204,
      handler: async ({ principal }) => {
        // An app session always has its device.
        await accounts.revokeDeviceSession({ userId: principal.userId, deviceId: principal.deviceId! });
      },
    }),
  ];
}
