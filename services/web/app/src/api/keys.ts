// One query key per resource. A key starts with its resource, so that a write invalidates what it
// changed by prefix (every list of jobs: `keys.jobs.all`).
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export const keys = {
  jobs: {
    all: ['jobs'],
    list: ['jobs', 'list'],
    queue: ['jobs', 'queue'],
    items: (jobId: string) => ['jobs', jobId, 'items'],
    artifacts: (jobId: string) => ['jobs', jobId, 'artifacts'],
  },
  models: ['models'],
  media: {
    list: ['media', 'list'],
    downloadUrl: (mediaId: string) => ['media', mediaId, 'download-url'],
  },
  artifacts: {
    transcripts: ['artifacts', 'transcripts'],
    one: (artifactId: string) => ['artifacts', artifactId],
    versions: (artifactId: string) => ['artifacts', artifactId, 'versions'],
    version: (artifactId: string, versionId: string) => ['artifacts', artifactId, 'versions', versionId],
  },
  shares: ['shares'],
  billing: {
    balance: ['billing', 'balance'],
    profile: ['billing', 'profile'],
    grants: (includeExpired: boolean) => ['billing', 'grants', includeExpired],
    ledger: (limit: number) => ['billing', 'ledger', limit],
  },
  account: {
    appExperience: ['account', 'app-experience'],
    features: ['account', 'features'],
    tokens: ['account', 'tokens'],
    devices: ['account', 'devices'],
  },
} as const;

/**
 * A write whose success changes what is under `invalidates`: `onDone` runs first (the page closes what
 * asked for it), then those queries are asked for again, the write pending until they answer.
 */
export function useWrite<T, V = void>(
  write: (variables: V) => Promise<T>,
  invalidates: QueryKey,
  onDone?: (answer: T, variables: V) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer, variables) => {
      onDone?.(answer, variables);
      return queryClient.invalidateQueries({ queryKey: invalidates });
    },
  });
}
