// @tp/sdk/node: what needs Node (node:crypto): verifying webhook deliveries.
export {
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookFailure,
  type WebhookHeaders,
  WebhookVerificationError,
} from './webhooks.ts';
