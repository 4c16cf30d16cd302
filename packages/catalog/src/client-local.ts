/**
 * Client-local jobs (ADR 0023): the user's own device runs the model of a profile that opts into
 * `client_local`, and delivers the transcript; the platform keeps the job, its artifact and its
 * events. Who may, which profiles, and what it costs are decided here.
 */
import { type Deployment, profileCapabilities } from './capabilities.ts';
import { CLIENT_LOCAL_FEATURE } from './features.ts';
import type { ExecutionMode, TranscriptionProfile } from './profiles.ts';

export const EXECUTION_MODES = ['cloud', 'client_local'] as const satisfies readonly ExecutionMode[];

export function isExecutionMode(value: unknown): value is ExecutionMode {
  return (EXECUTION_MODES as readonly unknown[]).includes(value);
}

/**
 * What a client-local job costs per hour of audio, in micro-credits: nothing, the device does the
 * work. Jobs makes no credit hold for such a job (a price here would first need billing's Reserve
 * to know the execution mode: it prices by profile).
 */
export const CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR = 0;

/** The price per hour of audio of a job of the profile in this mode, in micro-credits. */
export function microCreditsPerHourOf(profile: TranscriptionProfile, mode: ExecutionMode): number {
  return mode === 'client_local' ? CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR : profile.microCreditsPerHour;
}

/** Whether a user with these features may run jobs on their own device. */
export function mayRunClientLocal(features: ReadonlySet<string>): boolean {
  return features.has(CLIENT_LOCAL_FEATURE);
}

/**
 * The execution modes a user may choose for the profile here: what the deployment runs of the
 * profile's modes (profileCapabilities), `client_local` only with the feature. `GET /models` shows it.
 */
export function executionModesFor(
  profile: TranscriptionProfile,
  deployment: Deployment,
  features: ReadonlySet<string>,
): ExecutionMode[] {
  return profileCapabilities(profile, deployment).executionModes.filter(
    (mode) => mode !== 'client_local' || mayRunClientLocal(features),
  );
}
