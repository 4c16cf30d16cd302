// Names for the schemas callers use most; every type comes from the generated document.
import type { components, webhooks } from './generated/schema.ts';

type Schemas = components['schemas'];
export type Job = Schemas['Job'];
export type JobStatus = Job['status'];
export type MediaAsset = Schemas['MediaAsset'];
export type UploadSession = Schemas['UploadSession'];
export type MediaVerificationPending = Schemas['MediaVerificationPending'];
export type Artifact = Schemas['Artifact'];
export type Share = Schemas['Share'];

type BodyOf<W> = W extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;
/** A webhook delivery's body: one of the events of the document's `webhooks`, told apart by `type`. */
export type WebhookEvent = { [E in keyof webhooks]: BodyOf<webhooks[E]> }[keyof webhooks];
