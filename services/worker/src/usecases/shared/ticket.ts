/** What a use case needs from the work ticket it runs under (the bus message). */
export interface TicketHandle {
  ticketId: string;
  /** Restarts the ticket's ack wait. */
  working(): void;
}
