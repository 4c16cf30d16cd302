// The account side end to end, through the gateway of one fleet without the worker (account/world.ts),
// one describe per module, side by side, each with users of its own:
// - account/auth.ts: tokens made with tsctl and every refusal of a credential (401, 403);
// - account/sessions.ts: app sign-in, tokens and devices managed with a session, account deletion;
// - account/app-experience.ts: the app-experience preferences, their refusals and scopes;
// - account/billing.ts: credits granted with tsctl, then read through the billing routes;
// - account/models.ts: GET /api/v1/models and POST /api/v1/jobs agree on every model and option;
// - account/tracing.ts: a caller's trace and request id in the logs of the gateway and accounts;
// - account/edge.ts: the public edge: validation errors, unknown routes, /openapi.json, request ids;
// then, alone, the edge with accounts stopped (it stops accounts for good, so it comes last).
import { describe } from 'node:test';
import { appExperienceTests } from './account/app-experience.ts';
import { authTests } from './account/auth.ts';
import { billingTests } from './account/billing.ts';
import { edgeTests, edgeWithoutAccountsTests } from './account/edge.ts';
import { modelsTests } from './account/models.ts';
import { sessionsTests } from './account/sessions.ts';
import { tracingTests } from './account/tracing.ts';
import { useAccountWorld } from './account/world.ts';

useAccountWorld();

describe('the account side, side by side', { concurrency: true }, () => {
  authTests();
  sessionsTests();
  appExperienceTests();
  billingTests();
  modelsTests();
  tracingTests();
  edgeTests();
});

edgeWithoutAccountsTests();
