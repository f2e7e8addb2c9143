// The functions' SMTP listener reads back what nodemailer (send-mail's client) writes: encoded
// subjects, quoted-printable text and HTML with long lines and non-ASCII characters, several mails
// on one connection; and refuses a recipient at .invalid as a real server would.
import nodemailer from 'nodemailer';
import {afterAll, describe, expect, it} from 'vitest';
import type {OutgoingMail} from '../mail/outbox';
import {startMailboxSmtp} from './mailboxSmtp';

const received: OutgoingMail[] = [];
const listener = await startMailboxSmtp(async (mail) => {
  received.push(mail);
});
afterAll(() => listener.close());

const transport = nodemailer.createTransport({host: listener.host, port: listener.port, secure: false, pool: true});
afterAll(() => transport.close());

describe('mailboxSmtp', () => {
  it('files what nodemailer sends with its subject, text and HTML intact', async () => {
    const subject = 'Your certificate: Systematic reviews — “PRISMA” in practice ✓';
    const html = `<p>${'Long line with é and 😀 and = signs '.repeat(20)}</p><p>.leading dot</p>`;
    const text = `Line one\n.leading dot\n${'x'.repeat(200)}`;
    await transport.sendMail({from: 'a@example.com', to: 'learner@example.com', subject, text, html});
    await transport.sendMail({from: 'a@example.com', to: 'second@example.com', subject: 'Second', text: 'two', html: '<p>two</p>'});
    expect(received.map((m) => [m.to, m.subject])).toEqual([
      ['learner@example.com', subject],
      ['second@example.com', 'Second'],
    ]);
    expect(received[0]).toMatchObject({text, html});
  });

  it('refuses a recipient at .invalid with 550, so the sender sees the failure', async () => {
    await expect(transport.sendMail({from: 'a@example.com', to: 'nobody@mail.invalid', subject: 'x', text: 'x'})).rejects.toThrow(/550/);
  });
});
