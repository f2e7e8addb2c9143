import {randomUUID} from 'node:crypto';
import {MAIL_SENDER} from '../../shared/site';

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface MailMessage {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Read: boolean;
  Tags: string[];
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the mail, printed to the console for developers. */
  link?: string;
  tag?: string;
}

export type MailTransport = (mail: OutgoingMail & {from: string}) => Promise<void>;

const MAX_MESSAGES = 500;
export const MAIL_FROM: MailAddress = {Name: MAIL_SENDER.name, Address: MAIL_SENDER.address};

/** Every e-mail local-supabase "sends": kept for the mailbox page and API, optionally relayed. */
export class Outbox {
  private readonly messages: MailMessage[] = [];

  constructor(
    private readonly options: {log: boolean; transport?: MailTransport},
  ) {}

  /** Relays every later mail through `transport` too (the auth service's [auth.email.smtp]). */
  relayThrough(transport: MailTransport): void {
    this.options.transport = transport;
  }

  async send(mail: OutgoingMail): Promise<MailMessage> {
    const message: MailMessage = {
      ID: randomUUID(),
      MessageID: `${randomUUID()}@local-supabase`,
      From: MAIL_FROM,
      To: [{Name: '', Address: mail.to}],
      Subject: mail.subject,
      Created: new Date().toISOString(),
      Text: mail.text,
      HTML: mail.html,
      Read: false,
      Tags: mail.tag ? [mail.tag] : [],
    };
    this.messages.unshift(message);
    if (this.messages.length > MAX_MESSAGES) this.messages.length = MAX_MESSAGES;
    if (this.options.log) {
      console.log(`[mail] to ${mail.to}: ${mail.subject}${mail.link ? `\n[mail]   ${mail.link}` : ''}`);
    }
    if (this.options.transport) {
      await this.options.transport({...mail, from: `${MAIL_FROM.Name} <${MAIL_FROM.Address}>`}).catch((error: unknown) => {
        console.error(`[mail] SMTP delivery to ${mail.to} failed:`, (error as Error).message);
      });
    }
    return message;
  }

  /** Newest first. */
  list(): readonly MailMessage[] {
    return this.messages;
  }

  get(id: string): MailMessage | undefined {
    return this.messages.find((m) => m.ID === id);
  }

  delete(ids?: string[]): void {
    if (!ids || ids.length === 0) {
      this.messages.length = 0;
      return;
    }
    const remove = new Set(ids);
    for (let i = this.messages.length - 1; i >= 0; i -= 1) {
      if (remove.has((this.messages[i] as MailMessage).ID)) this.messages.splice(i, 1);
    }
  }
}
