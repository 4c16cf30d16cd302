// One world for a shares use case's unit test: the fake store and backends, a clock the test moves
// and a logger it reads, in one deps object that every use case of shares accepts (each takes the
// part its deps interface names), and seeds for a user's transcript and a share of it.
import { captureLogger } from '@tp/logging';
import { exampleTranscript } from '@tp/transcript';
import { issueToken } from '../../domain/tokens.ts';
import type { NewShare, Share } from '../../store/index.ts';
import type { CreateShareInput } from '../create-share.ts';
import { fakeBackends } from './fake-backends.ts';
import { fakeSharesStore, shareRow } from './fake-store.ts';

export const USER = 'usr_ada';
export const STRANGER = 'usr_eve';
export const MAX_SHARES = 3;
export const HOUR_MS = 3_600_000;

/** A transcript's canonical JSON whose first segment says `text`. */
export function transcriptSaying(text: string): string {
  const transcript = exampleTranscript();
  transcript.segments[0]!.text = text;
  return JSON.stringify(transcript);
}

/** A request for a share of the artifact that follows it, never expires and shows its title. */
export const shareInput = (
  userId: string,
  artifactId: string,
  overrides: Partial<CreateShareInput> = {},
): CreateShareInput => ({
  userId,
  shareKind: 'transcript',
  artifactId,
  accessScope: 'everyone',
  targetVersionId: '',
  expiresAt: undefined,
  title: '',
  idempotencyKey: '',
  ...overrides,
});

export function sharesWorld() {
  let at = Date.parse('2026-06-01T12:00:00.000Z');
  const clock = {
    now: () => new Date(at),
    advance(ms: number): void {
      at += ms;
    },
  };
  const failing = new Map<string, Error>();
  const fake = fakeSharesStore(failing, clock.now);
  const backends = fakeBackends(failing);
  const { log, lines } = captureLogger('shares-test');
  const deps = {
    ...fake.store,
    artifacts: backends.artifacts,
    media: backends.media,
    now: clock.now,
    log,
    maxSharesPerArtifact: MAX_SHARES,
  };

  /** A transcript artifact of the user (over a media of theirs) saying `text`. */
  const seedTranscript = (
    userId = USER,
    text = 'Hello there.',
    fields: Parameters<typeof backends.addArtifact>[2] = {},
  ) => backends.addArtifact(userId, transcriptSaying(text), fields);

  /** A share of the artifact as the store keeps it, and its token. */
  function seedShare(
    userId: string,
    artifact: { artifactId: string; mediaId: string },
    row: Partial<Share> = {},
  ): { share: Share; token: string } {
    const token = issueToken();
    const created: NewShare = {
      id: `shr_${fake.rows.size + 1}`,
      userId,
      shareKind: 'transcript',
      accessScope: 'everyone',
      targetId: artifact.artifactId,
      targetVersionId: null,
      mediaId: artifact.mediaId,
      title: '',
      tokenHash: token.hash,
      tokenHint: token.hint,
      expiresAt: null,
      createdAt: clock.now(),
    };
    const share = { ...shareRow(created), ...row };
    fake.rows.set(share.id, share);
    return { share: { ...share }, token: token.token };
  }

  return { deps, fake, backends, failing, clock, lines, seedTranscript, seedShare };
}
