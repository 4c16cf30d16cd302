// The app's names for the API's schemas: every one is the SDK's generated type of the OpenAPI document.
import type { components, operations } from '@tp/sdk';

export type { Artifact, Job, JobStatus, MediaAsset, MediaVerificationPending, Share, UploadSession } from '@tp/sdk';

type Schemas = components['schemas'];
export type AccessToken = Schemas['PersonalAccessToken'];
export type AppExperience = Schemas['AppExperiencePreference'];
export type AppSession = Schemas['AppSession'];
export type ArtifactVersion = Schemas['ArtifactVersion'];
export type Balance = Schemas['BillingBalance'];
export type BillingProfile = Schemas['BillingProfile'];
export type CreatedAccessToken = Schemas['CreatedPersonalAccessToken'];
export type CreditGrant = Schemas['CreditGrant'];
export type DeviceSession = Schemas['DeviceSession'];
export type Feature = Schemas['Feature'];
export type JobOptions = Schemas['JobOptions'];
export type JobQueue = Schemas['JobQueue'];
export type LedgerEntry = Schemas['LedgerEntry'];
export type Model = Schemas['TranscriptionModel'];
/** The canonical transcript: a transcript version's payload (/schemas/transcript.v1.json). */
export type Transcript = Schemas['Transcript'];
export type TranscriptSegment = Schemas['TranscriptSegment'];
export type TranscriptSpeaker = Schemas['TranscriptSpeaker'];

// What the app sends.
export type AppExperienceChanges = Schemas['AccountAppExperienceUpdateRequest'];
export type CreateJobRequest = Schemas['CreateJobRequest'];
export type CreateShareRequest = Schemas['CreateShareRequest'];
export type CreateTokenRequest = Schemas['CreatePersonalAccessTokenRequest'];
export type SignInRequest = Schemas['SignInRequest'];
export type ExportQuery = NonNullable<operations['exportJob']['parameters']['query']>;
