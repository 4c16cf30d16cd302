// The requests the artifacts tests send, unit and integration alike: the use cases' inputs, which
// are the wire's requests field for field.
import { exampleTranscript } from '@tp/transcript';
import type { AddVersionInput } from '../add-version.ts';
import type { CreateArtifactInput } from '../create-artifact.ts';

export const USER = 'usr_alice';

/** CreateArtifact of a transcript (the example one) of USER, written by the worker. */
export const transcriptRequest = (overrides: Partial<CreateArtifactInput> = {}): CreateArtifactInput => ({
  userId: USER,
  artifactType: 'transcript',
  mediaId: 'med_1',
  workspaceId: '',
  jobId: 'job_1',
  title: 'Interview',
  payloadJson: JSON.stringify(exampleTranscript()),
  authorType: 'service',
  authorId: 'worker',
  outputKey: '',
  outputFormat: '',
  idempotencyKey: '',
  ...overrides,
});

/** CreateArtifact of a media export of USER with its output file. */
export const exportRequest = (overrides: Partial<CreateArtifactInput> = {}): CreateArtifactInput =>
  transcriptRequest({
    artifactType: 'media_export',
    payloadJson: JSON.stringify({ format: 'mp4', captions: true }),
    outputKey: `users/${overrides.userId ?? USER}/exports/job_1/talk.mp4`,
    outputFormat: 'mp4',
    ...overrides,
  });

/** AddVersion of `payload` (as JSON) by the calling user, on no particular base. */
export const addVersionRequest = (
  userId: string,
  artifactId: string,
  payload: unknown,
  overrides: Partial<AddVersionInput> = {},
): AddVersionInput => ({
  userId,
  artifactId,
  payloadJson: JSON.stringify(payload),
  baseVersionId: '',
  authorType: 'user',
  authorId: '',
  note: '',
  outputKey: '',
  outputFormat: '',
  idempotencyKey: '',
  ...overrides,
});
