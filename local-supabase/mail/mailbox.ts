import type http from 'node:http';
import {createAdaptorServer} from '@hono/node-server';
import {Hono, type Context} from 'hono';
import {escapeHtml} from '../../shared/mail/goTemplate';
import type {MailMessage, Outbox} from './outbox';

// The mailbox: a page listing what local-supabase sent, plus the subset of Mailpit's JSON API
// that tests use (GET /api/v1/messages, GET /api/v1/message/{ID}, GET /api/v1/search,
// DELETE /api/v1/messages), so tests written for `supabase start` work unchanged.

function summary(m: MailMessage) {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: m.Read,
    From: m.From,
    To: m.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.Subject,
    Created: m.Created,
    Tags: m.Tags,
    Size: m.Text.length + m.HTML.length,
    Attachments: 0,
    Snippet: m.Text.slice(0, 250),
  };
}

function listing(messages: readonly MailMessage[], start: number, limit: number) {
  const page = messages.slice(start, start + limit);
  return {
    total: messages.length,
    unread: messages.filter((m) => !m.Read).length,
    count: page.length,
    messages_count: messages.length,
    start,
    tags: [],
    messages: page.map(summary),
  };
}

/** Supports Mailpit's `to:<address>` and `subject:<text>` terms; other words match anywhere. */
function matches(m: MailMessage, query: string): boolean {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const [key, ...rest] = term.split(':');
      const value = rest.join(':').replace(/^"|"$/g, '').toLowerCase();
      if (rest.length > 0 && key === 'to') return m.To.some((t) => t.Address.toLowerCase().includes(value));
      if (rest.length > 0 && key === 'subject') return m.Subject.toLowerCase().includes(value);
      const needle = term.toLowerCase();
      return (m.Subject + m.Text + m.To.map((t) => t.Address).join(' ')).toLowerCase().includes(needle);
    });
}

/**
 * The mail's HTML for the preview frame. A link followed inside the sandboxed frame never loads
 * (the site refuses to be framed) yet still spends its one-time token, so every link targets a new
 * tab; the <base> goes inside <head> when there is one so a leading doctype keeps standards mode.
 */
export function previewDocument(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

function page(outbox: Outbox, selected?: MailMessage): string {
  const rows = outbox
    .list()
    .map(
      (m) =>
        `<li><a href="/view/${m.ID}">${escapeHtml(m.Subject)}</a> <span>to ${escapeHtml(
          m.To.map((t) => t.Address).join(', '),
        )} · ${new Date(m.Created).toLocaleString()}</span></li>`,
    )
    .join('');
  const body = selected
    ? `<article><h2>${escapeHtml(selected.Subject)}</h2><p>To: ${escapeHtml(selected.To[0]?.Address ?? '')}</p>
<h3>HTML part (as rendered from supabase/templates)</h3><iframe title="Message body (HTML)" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
        previewDocument(selected.HTML),
      )}"></iframe><h3>Text part</h3><pre>${escapeHtml(selected.Text)}</pre></article>`
    : '<p>Select a message to read it.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox · local-supabase</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;grid-template-columns:minmax(16rem,1fr) 2fr;min-height:100vh}
header{grid-column:1/-1;background:#1e3a5f;color:#fff;padding:.75rem 1rem}nav{border-right:1px solid #ddd;padding:1rem;overflow:auto}
ul{list-style:none;padding:0}li{margin:.5rem 0}li span{display:block;color:#555;font-size:.85rem}main{padding:1rem}
iframe{width:100%;height:60vh;border:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f8fa;padding:.75rem;border:1px solid #ddd}</style></head><body>
<header><strong>Mailbox</strong> — e-mails sent by local-supabase (nothing leaves this machine unless [auth.email.smtp] is enabled or SMTP_URL is set) · ${outbox.list().length} message(s)</header>
<nav><ul>${rows || '<li>No messages yet.</li>'}</ul></nav><main>${body}</main></body></html>`;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function answer(status: number, body: unknown, type = JSON_TYPE): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: {'content-type': type, 'access-control-allow-origin': '*'},
  });
}

function paging(c: Context): {start: number; limit: number} {
  return {
    start: Math.max(0, Number(c.req.query('start') ?? '0') || 0),
    limit: Math.min(500, Math.max(1, Number(c.req.query('limit') ?? '50') || 50)),
  };
}

export function createMailboxApp(outbox: Outbox): Hono {
  const app = new Hono();
  app.get('/api/v1/messages', (c) => {
    const {start, limit} = paging(c);
    return answer(200, listing(outbox.list(), start, limit));
  });
  app.get('/api/v1/search', (c) => {
    const {start, limit} = paging(c);
    const query = c.req.query('query') ?? '';
    return answer(200, listing(outbox.list().filter((m) => matches(m, query)), start, limit));
  });
  app.get('/api/v1/message/:id', (c) => {
    const message = outbox.get(c.req.param('id'));
    if (!message) return answer(404, 'message not found', 'text/plain');
    message.Read = true;
    return answer(200, {...summary(message), ReturnPath: message.From.Address, Date: message.Created, Text: message.Text, HTML: message.HTML, Inline: [], Attachments: []});
  });
  app.delete('/api/v1/messages', async (c) => {
    const text = await c.req.text();
    let ids: string[] | undefined;
    try {
      const parsed = text ? (JSON.parse(text) as {IDs?: unknown}) : {};
      ids = Array.isArray(parsed.IDs) ? parsed.IDs.filter((x): x is string => typeof x === 'string') : undefined;
    } catch {
      return answer(400, 'invalid JSON body', 'text/plain');
    }
    outbox.delete(ids);
    return answer(200, 'ok', 'text/plain');
  });
  app.get('/', () => answer(200, page(outbox), 'text/html; charset=utf-8'));
  app.get('/view/:id', (c) => answer(200, page(outbox, outbox.get(c.req.param('id'))), 'text/html; charset=utf-8'));
  app.notFound(() => answer(404, 'not found', 'text/plain'));
  return app;
}

export function createMailboxServer(outbox: Outbox): http.Server {
  return createAdaptorServer({fetch: createMailboxApp(outbox).fetch}) as http.Server;
}
