/** Why a running job was stopped from outside its pipeline: the reason of the job's AbortSignal. */
export type StopReason = 'cancelled' | 'timeout' | 'shutdown';

export class JobStopped extends Error {
  override name = 'JobStopped';
  readonly reason: StopReason;

  constructor(reason: StopReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export function isJobStopped(err: unknown, reason?: StopReason): err is JobStopped {
  return err instanceof JobStopped && (reason === undefined || err.reason === reason);
}
