import type { CaughtMessage, MessageFilter } from './mail-sink/mailbox';
import { ControlClient } from './simulator-kit/control-client';

export type { CaughtMessage, MessageFilter } from './mail-sink/mailbox';

const pollEveryMs = 100;

/** Every http(s) URL in the text, in order. */
const linksIn = (text: string) => text.match(/https?:\/\/[^\s<>"']+/g) ?? [];

/**
 * The mail sink's controls, as tests drive them (mail-sink/control-routes.ts lists them): what the services sent,
 * found by recipient and subject, and the links in it, which a test follows as a person would.
 */
export class MailControl extends ControlClient {
  /** `url`: the sink's viewer (the stack's `mailUrl`); the controls live beside it. */
  constructor(url: string) {
    super(url, 'mail sink');
  }

  /** The messages caught that match, newest first. */
  async messages(filter: MessageFilter = {}): Promise<CaughtMessage[]> {
    const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined)).toString();
    return (await this.call<{ messages: CaughtMessage[] }>('GET', `/messages${query ? `?${query}` : ''}`)).messages;
  }

  /** The newest message that matches, once there is one; throws when none has come within `timeoutMs`. */
  async waitFor(filter: MessageFilter, timeoutMs = 10_000): Promise<CaughtMessage> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [newest] = await this.messages(filter);
      if (newest) return newest;
      if (Date.now() >= until) throw new Error(`no message ${JSON.stringify(filter)} in the mail sink within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, pollEveryMs));
    }
  }

  /** The first link in the message's text whose path starts with `pathPrefix` (`/account/verify`, say). */
  linkIn(message: CaughtMessage, pathPrefix: string): string {
    const links = linksIn(message.text);
    const link = links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
    if (!link) throw new Error(`no link to ${pathPrefix} in "${message.subject}"; its links: ${links.join(', ') || 'none'}`);
    return link;
  }

  /** Empties the mailbox, so the next test sees only its own mail (the e2e fixture calls it after each test). */
  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/messages');
  }
}
