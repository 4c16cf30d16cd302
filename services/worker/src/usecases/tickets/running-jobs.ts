import type { JobGrantHolder } from '../shared/job-grant.ts';

/**
 * The jobs this process runs now, by the ticket each is bound to, with the job's current grant (a
 * dead letter needs both: jobs takes a job's failure only under its grant, ADR 0040).
 */
export class RunningJobs {
  private readonly bound = new Map<string, { jobId: string; grant: JobGrantHolder }>();
  private active = 0;

  /** Jobs running now. */
  count(): number {
    return this.active;
  }

  /** The job a ticket was bound to here, while it runs or after it failed on its last delivery. */
  jobOf(ticketId: string): string | undefined {
    return this.bound.get(ticketId)?.jobId;
  }

  /** The grant of the job a ticket was bound to here (renewed by its reports), while the binding lasts. */
  grantOf(ticketId: string): JobGrantHolder | undefined {
    return this.bound.get(ticketId)?.grant;
  }

  started(ticketId: string, jobId: string, grant: JobGrantHolder = { current: '' }): void {
    this.bound.set(ticketId, { jobId, grant });
    this.active += 1;
  }

  /** The run ended; `keepBinding` leaves the binding for the dead-letter callback that comes next. */
  ended(ticketId: string, keepBinding: boolean): void {
    this.active -= 1;
    if (!keepBinding) this.bound.delete(ticketId);
  }

  /** Forgets a ticket's binding once its dead letter is settled. */
  release(ticketId: string): void {
    this.bound.delete(ticketId);
  }
}
