// What the SMTP sink has caught, newest kept: a bounded list in memory (a test run or a day of `npm start` sends far
// fewer than the limit; a runaway sender cannot fill the machine's memory with them).

/** A message as the sink caught it: the envelope the client gave, and what the message says of itself. */
export interface CaughtMessage {
  id: string;
  /** When the sink took it (the machine's time, ISO 8601). */
  receivedAt: string;
  envelope: { from: string; to: string[] };
  /** The From and To headers as written. */
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part as sent; the viewer never renders it. */
  html: string | null;
  messageId: string | null;
  sizeBytes: number;
}

/** Which messages a test asks for: every given field must match. */
export interface MessageFilter {
  /** An envelope recipient, whatever its case. */
  to?: string;
  /** A part of the subject, case as written. */
  subject?: string;
}

export const defaultMailboxLimit = 500;

export const matches = (message: CaughtMessage, filter: MessageFilter): boolean =>
  (filter.to === undefined || message.envelope.to.some((rcpt) => rcpt.toLowerCase() === filter.to!.toLowerCase())) &&
  (filter.subject === undefined || message.subject.includes(filter.subject));

export class Mailbox {
  /** Oldest first. */
  private readonly held: { message: CaughtMessage; raw: Buffer }[] = [];

  constructor(readonly limit = defaultMailboxLimit) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('a mailbox holds at least one message');
  }

  /** Keeps `message`, dropping the oldest once the mailbox holds its limit. */
  add(message: CaughtMessage, raw: Buffer): void {
    this.held.push({ message, raw });
    if (this.held.length > this.limit) this.held.splice(0, this.held.length - this.limit);
  }

  /** The messages that match `filter`, newest first. */
  list(filter: MessageFilter = {}): CaughtMessage[] {
    return this.held
      .filter((h) => matches(h.message, filter))
      .map((h) => h.message)
      .reverse();
  }

  get(id: string): { message: CaughtMessage; raw: Buffer } | undefined {
    return this.held.find((h) => h.message.id === id);
  }

  get size(): number {
    return this.held.length;
  }

  clear(): void {
    this.held.length = 0;
  }
}
