// Names for the schemas callers use most; every type comes from the generated document.
import type { components } from './generated/schema.ts';

type Schemas = components['schemas'];
export type Job = Schemas['Job'];
export type JobStatus = Job['status'];
export type MediaAsset = Schemas['MediaAsset'];
export type UploadSession = Schemas['UploadSession'];
export type MediaVerificationPending = Schemas['MediaVerificationPending'];
export type Artifact = Schemas['Artifact'];
export type Share = Schemas['Share'];
