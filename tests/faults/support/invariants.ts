// The invariants every fault must leave intact, as plain checks over a snapshot of one user's
// account (snapshot.ts). Each answers the violations it finds, in words, naming the ids.
import { TERMINAL } from './events.ts';
import { LIST_LIMIT, micro, type Snapshot } from './snapshot.ts';

/** Every job reaches exactly one terminal state, announced once, and no acknowledged job is forgotten. */
export function jobViolations(s: Snapshot): string[] {
  const found: string[] = [];
  for (const jobId of s.missingJobs) found.push(`job ${jobId} was answered 202 but is gone (404)`);
  const listed = new Set(s.jobs.map((j) => j.job_id));
  for (const job of s.jobs) {
    const ends = s.announced.get(job.job_id) ?? [];
    if (!(TERMINAL as readonly string[]).includes(job.status)) {
      found.push(`job ${job.job_id} never ended: still ${job.status}`);
      if (ends.length > 0) found.push(`job ${job.job_id} is ${job.status} but was announced ${ends.join(', ')}`);
      continue;
    }
    if (ends.length === 0) found.push(`job ${job.job_id} ended ${job.status} but no end was announced`);
    else if (ends.length > 1) found.push(`job ${job.job_id} was announced ${ends.length} ends: ${ends.join(', ')}`);
    else if (ends[0] !== job.status) found.push(`job ${job.job_id} is ${job.status} but was announced ${ends[0]}`);
  }
  for (const [jobId, ends] of s.announced) {
    if (!listed.has(jobId)) found.push(`job ${jobId} was announced ${ends.join(', ')} but is not listed`);
  }
  return [...s.acknowledged.violations, ...found];
}

type Kinds = Record<string, { count: number; chargedMicro: number }>;

/** Ledger entries per reference and kind; a settlement's charge is what left the hold and did not come back. */
function entriesByReference(s: Snapshot): Map<string, Kinds> {
  const byReference = new Map<string, Kinds>();
  for (const entry of s.ledger) {
    const kinds = byReference.get(entry.reference) ?? {};
    const kind = (kinds[entry.kind] ??= { count: 0, chargedMicro: 0 });
    kind.count += 1;
    kind.chargedMicro += -micro(entry.available_delta_credits + entry.reserved_delta_credits);
    byReference.set(entry.reference, kinds);
  }
  return byReference;
}

/** A job's own entries: one hold at most; a success settled once for its charge; anything else released once. */
function jobLedgerViolations(jobId: string, succeeded: boolean, chargedMicro: number, kinds: Kinds): string[] {
  const found: string[] = [];
  const held = kinds.reservation?.count ?? 0;
  const settlements = kinds.settlement?.count ?? 0;
  const releases = kinds.release?.count ?? 0;
  if (held > 1) found.push(`job ${jobId}: credits reserved ${held} times`);
  if (succeeded) {
    if (settlements !== 1) found.push(`job ${jobId} succeeded and was settled ${settlements} times`);
    if (releases > 0) found.push(`job ${jobId} succeeded but its hold was also released`);
    const settledMicro = kinds.settlement?.chargedMicro ?? 0;
    if (settlements === 1 && settledMicro !== chargedMicro)
      found.push(`job ${jobId} shows a charge of ${chargedMicro} µcr but its settlement charged ${settledMicro}`);
  } else {
    if (settlements > 0) found.push(`job ${jobId} did not succeed but was settled ${settlements} times`);
    if (releases !== held) found.push(`job ${jobId}: ${held} holds and ${releases} releases (a hold left behind)`);
    if (chargedMicro !== 0) found.push(`job ${jobId} did not succeed but shows a charge of ${chargedMicro} µcr`);
  }
  return found;
}

/** Credits settled exactly once: balance = grants − settled charges, no hold left, the ledger adds up. */
export function creditViolations(s: Snapshot): string[] {
  const found: string[] = [];
  if (s.ledger.length >= LIST_LIMIT)
    return [`the ledger has ${LIST_LIMIT} entries or more: it cannot be checked whole`];
  if (s.balance.reservedMicro !== 0) found.push(`${s.balance.reservedMicro} µcr still held after every job ended`);
  const charged = s.jobs.filter((j) => j.status === 'succeeded').reduce((sum, j) => sum + micro(j.credits_charged), 0);
  if (s.balance.availableMicro !== s.grantedMicro - charged) {
    found.push(
      `balance ${s.balance.availableMicro} µcr ≠ grants ${s.grantedMicro} − charges of succeeded jobs ${charged}`,
    );
  }
  const sum = (pick: (e: Snapshot['ledger'][number]) => number) => s.ledger.reduce((t, e) => t + micro(pick(e)), 0);
  if (sum((e) => e.available_delta_credits) !== s.balance.availableMicro)
    found.push('the ledger does not add up to the available balance');
  if (sum((e) => e.reserved_delta_credits) !== s.balance.reservedMicro)
    found.push('the ledger does not add up to the reserved balance');
  const byReference = entriesByReference(s);
  for (const job of s.jobs) {
    const kinds = byReference.get(job.job_id) ?? {};
    byReference.delete(job.job_id);
    found.push(...jobLedgerViolations(job.job_id, job.status === 'succeeded', micro(job.credits_charged), kinds));
  }
  // What is left: the grants, and holds of creations given up on (no job to show), which must be returned.
  for (const [reference, kinds] of byReference) {
    if (kinds.grant) continue;
    found.push(...jobLedgerViolations(`${reference} (not listed)`, false, 0, kinds));
  }
  return found;
}

/** One transcript artifact per succeeded job, stored once; every version answered 201 there exactly once. */
export function artifactViolations(s: Snapshot): string[] {
  const found: string[] = [];
  for (const job of s.jobs.filter((j) => j.status === 'succeeded')) {
    const listed = s.jobArtifacts.get(job.job_id) ?? [];
    if (job.artifact_ids.length !== 1 || listed.length !== 1) {
      found.push(
        `job ${job.job_id} succeeded with ${job.artifact_ids.length} artifact ids and ${listed.length} listed`,
      );
    }
    for (const artifact of listed) {
      const stored = (s.versions.get(artifact.artifact_id) ?? []).filter((v) => v.author.type === 'service');
      if (stored.length !== 1) found.push(`job ${job.job_id}: its transcript was stored ${stored.length} times`);
    }
  }
  const perJob = new Map<string, number>();
  for (const a of s.artifacts) if (a.job_id) perJob.set(a.job_id, (perJob.get(a.job_id) ?? 0) + 1);
  for (const [jobId, count] of perJob) if (count > 1) found.push(`job ${jobId} has ${count} artifacts`);
  for (const [artifactId, versions] of s.versions) {
    const ids = versions.map((v) => v.version_id);
    if (new Set(ids).size !== ids.length) found.push(`artifact ${artifactId} lists a version twice`);
  }
  for (const [versionId, artifactId] of s.acknowledged.versions) {
    const times = (s.versions.get(artifactId) ?? []).filter((v) => v.version_id === versionId).length;
    if (times !== 1) found.push(`version ${versionId} of ${artifactId} was answered 201 and is listed ${times} times`);
  }
  return found;
}

/** Every upload answered 2xx is still there; a completed one was verified (the audio is sound). */
export function mediaViolations(s: Snapshot): string[] {
  const found: string[] = [];
  for (const [mediaId, { completed }] of s.acknowledged.media) {
    const status = s.media.get(mediaId);
    if (status === 'missing') found.push(`media ${mediaId} was answered 2xx but is gone (404)`);
    else if (completed && status !== 'ready') found.push(`media ${mediaId} was completed (2xx) but is ${status}`);
  }
  return found;
}

export function violations(s: Snapshot): string[] {
  return [...jobViolations(s), ...creditViolations(s), ...artifactViolations(s), ...mediaViolations(s)];
}
