/** The jobs this process runs now, by the ticket each is bound to (a dead letter needs the binding). */
export class RunningJobs {
  private readonly bound = new Map<string, string>();
  private active = 0;

  /** Jobs running now. */
  count(): number {
    return this.active;
  }

  /** The job a ticket was bound to here, while it runs or after it failed on its last delivery. */
  jobOf(ticketId: string): string | undefined {
    return this.bound.get(ticketId);
  }

  started(ticketId: string, jobId: string): void {
    this.bound.set(ticketId, jobId);
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
