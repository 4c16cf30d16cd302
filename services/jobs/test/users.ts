// The users and media the tests' jobs are for, made the way operators and users make them.
import assert from 'node:assert/strict';
import { parseCredits } from '@tp/catalog';
import { uploadVerifiedMedia } from '@tp/testing';
import type { Harness } from './harness.ts';

let users = 0;

/**
 * A user granted `credits` (none for '0'), made with the operator calls `tsctl users create` and
 * `tsctl credits grant` make (a tsctl process per call would cost half a second each).
 */
export async function newUser(h: Harness, credits: string): Promise<string> {
  const email = `jobs-${process.pid}-${(users += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { userId } = await h.admin.accounts.createUser({ email, password: '' }, { metadata: h.admin.metadata });
  if (credits !== '0') {
    await h.admin.billing.grantCredits(
      {
        principalId: userId,
        amountMicro: parseCredits(credits),
        reason: 'jobs test',
        expiresAt: undefined,
        reference: '',
      },
      { metadata: h.admin.metadata },
    );
  }
  return userId;
}

/** The same through tsctl itself, as an operator would. */
export async function newUserWithTsctl(h: Harness, credits: string): Promise<string> {
  const email = `jobs-cli-${process.pid}-${(users += 1)}@example.com`;
  const created = await h.fleet.tsctl('users', 'create', '--email', email);
  assert.equal(created.code, 0, created.stderr);
  const granted = await h.fleet.tsctl(
    'credits',
    'grant',
    '--email',
    email,
    '--credits',
    credits,
    '--reason',
    'jobs test',
  );
  assert.equal(granted.code, 0, granted.stderr);
  return (JSON.parse(created.stdout) as { user_id: string }).user_id;
}

/** A verified media of the user, uploaded the documented way (session → PUT → complete). */
export async function newMedia(
  h: Harness,
  userId: string,
  fileName = 'interview.wav',
  workspaceId = '',
): Promise<{ mediaId: string; durationSeconds: number; fileName: string }> {
  const { media } = await uploadVerifiedMedia(h.media, {
    userId,
    bytes: h.wav,
    fileName,
    workspaceId,
    userAgent: 'jobs-test',
  });
  return { mediaId: media.mediaId, durationSeconds: media.durationSeconds, fileName: media.fileName };
}

/** A user with `credits` and `count` verified media (take-1.wav, take-2.wav…). */
export async function userWithMedia(h: Harness, credits: string, count = 1) {
  const userId = await newUser(h, credits);
  const media = await Promise.all(Array.from({ length: count }, (_, i) => newMedia(h, userId, `take-${i + 1}.wav`)));
  return { userId, media };
}
