// A local SMTP server that accepts every mail and keeps none: what the test backends' custom SMTP
// ([auth.email.smtp]) points at, so they run with SMTP configured the way a hosted project is, and
// [auth.rate_limit] email_sent applies instead of the built-in mailer's 2 per hour. The mails
// themselves are read from local-supabase's mailbox, as ever.
import net from 'node:net';
import {MAIL_SENDER} from '../../shared/site';

let started: Promise<number> | undefined;

function serve(socket: net.Socket): void {
  let buffer = '';
  let inData = false;
  const reply = (line: string) => socket.write(`${line}\r\n`);
  socket.on('error', () => socket.destroy());
  reply('220 smtp-sink ESMTP');
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('latin1');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        buffer = buffer.slice(end + 5);
        inData = false;
        reply('250 OK: queued nowhere');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') reply('250 smtp-sink');
      else if (verb === 'DATA') {
        inData = true;
        // The message may start with ".\r\n" already in the buffer: keep the leading CRLF findable.
        buffer = `\r\n${buffer}`;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('250 OK');
    }
  });
}

/** The [auth.email.smtp] variables of supabase/config.toml, pointing at this process's sink. */
export async function smtpSinkEnv(): Promise<Record<string, string>> {
  started ??= new Promise<number>((resolve, reject) => {
    const server = net.createServer(serve);
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    // The sink lives as long as the test process and never keeps it alive.
    server.unref();
  });
  const port = await started;
  return {SMTP_ENABLED: 'true', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_ADMIN_EMAIL: MAIL_SENDER.address};
}
