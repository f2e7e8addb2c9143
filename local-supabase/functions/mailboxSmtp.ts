// local-supabase's SMTP listener: the SMTP server the functions send their mail through locally
// (SMTP_HOST/SMTP_PORT in their environment), so send-mail runs the same SMTP code path it runs in
// production and what it sends lands in the mailbox. It speaks the part of RFC 5321 a client such
// as nodemailer uses (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) on 127.0.0.1 only, and reads
// the MIME message back into subject, text and HTML parts. Like a real server it refuses
// recipients it can never deliver to: the reserved `.invalid` top-level domain (RFC 2606) gets
// 550, which is also how tests make a delivery fail.
import net from 'node:net';
import type {OutgoingMail} from '../mail/outbox';

export type Deliver = (mail: OutgoingMail) => Promise<unknown>;

export interface MailboxSmtp {
  host: string;
  port: number;
  close(): Promise<void>;
}

const CRLF = '\r\n';

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string): string {
  const cte = encoding.trim().toLowerCase();
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, type: string, text: string) =>
      type.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return {headers, body};
}

/** The text and HTML parts of a message (single part or nested multipart). */
function collectParts(part: Part, found: {text: string; html: string}): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(splitPart(section.replace(/^\r?\n/, '')), found);
    }
    return;
  }
  const text = decodeBody(part.body, part.headers.get('content-transfer-encoding') ?? '7bit').replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (/^text\/html/i.test(type)) found.html ||= text;
  else if (/^text\/plain/i.test(type)) found.text ||= text;
}

export function parseMessage(raw: string): {subject: string; text: string; html: string} {
  const message = splitPart(raw);
  const found = {text: '', html: ''};
  collectParts(message, found);
  return {subject: decodeHeader(message.headers.get('subject') ?? ''), ...found};
}

const address = (arg: string): string => /<([^>]*)>/.exec(arg)?.[1]?.trim() ?? arg.trim();

export function startMailboxSmtp(deliver: Deliver): Promise<MailboxSmtp> {
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}${CRLF}`);
    reply('220 local-supabase ESMTP');
    const command = (line: string): void => {
      const verb = line.slice(0, 4).toUpperCase();
      const arg = line.slice(line.indexOf(':') + 1);
      if (verb === 'EHLO') reply('250-local-supabase\r\n250-8BITMIME\r\n250 SMTPUTF8');
      else if (verb === 'HELO') reply('250 local-supabase');
      else if (verb === 'MAIL') {
        recipients = [];
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        const to = address(arg);
        if (/\.invalid$/i.test(to)) reply(`550 5.1.2 ${to}: the domain .invalid never receives mail`);
        else {
          recipients.push(to);
          reply('250 2.1.5 OK');
        }
      } else if (verb === 'DATA') {
        if (recipients.length === 0) reply('554 5.5.1 No valid recipients');
        else {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        }
      } else if (verb === 'RSET') {
        recipients = [];
        reply('250 2.0.0 OK');
      } else if (verb === 'NOOP') reply('250 2.0.0 OK');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command not implemented');
    };
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf(`${CRLF}.${CRLF}`);
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const mail = parseMessage(raw);
          const to = recipients;
          recipients = [];
          socket.pause();
          void Promise.all(to.map((rcpt) => deliver({to: rcpt, subject: mail.subject, text: mail.text, html: mail.html, tag: 'transactional'})))
            .then(() => reply('250 2.0.0 OK: queued'), () => reply('451 4.3.0 Mailbox unavailable'))
            .finally(() => {
              socket.resume();
              if (buffer) socket.emit('data', '');
            });
          return;
        }
        const newline = buffer.indexOf(CRLF);
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        command(line);
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      resolve({
        host: '127.0.0.1',
        port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of open) socket.destroy();
          }),
      });
    });
  });
}
