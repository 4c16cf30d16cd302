// A transcript as the worker stores one (canonical JSON, version 1): one segment of two timed
// words. For tests that create transcript artifacts over gRPC, as the worker does.
export const transcript = (text: string) => ({
  version: 1,
  language: 'en',
  duration: 4,
  speakers: [{ id: 'S1', label: 'Speaker 1', name: null }],
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1.5,
      text,
      speaker: 'S1',
      words: [
        { text: text.split(' ')[0], start: 0, end: 0.6, confidence: 0.9, speaker: 'S1' },
        { text: text.split(' ')[1] ?? 'there', start: 0.7, end: 1.4, confidence: 0.8, speaker: 'S1' },
      ],
    },
  ],
  translation: null,
  source: { media_id: 'med_e2e', job_id: 'job_e2e', profile: 'oracle', engine: 'pocketsphinx' },
});

/** The CreateArtifact request of a transcript as the worker stores it after a job. */
export function workerTranscriptRequest(request: {
  userId: string;
  mediaId: string;
  jobId?: string;
  title: string;
  payload: object;
}) {
  // The worker stores a job's transcript under that job's grant (ADR 0040): always with its job.
  const { payload, jobId = 'job_e2e', ...ids } = request;
  return {
    ...ids,
    jobId,
    artifactType: 'transcript',
    workspaceId: '',
    payloadJson: JSON.stringify(payload),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  };
}
