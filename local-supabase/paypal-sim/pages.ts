// The simulator's approval page (where PayPal's approve link leads) and its two buttons: Approve
// starts the subscription, takes the first payment, queues the webhooks and returns the buyer to
// the site's return_url; Cancel returns them to cancel_url. Clearly labelled: no real money.
import crypto from 'node:crypto';
import {Hono} from 'hono';
import {PREMIUM_PLAN} from '../../shared/plan';
import type {PayPalSimulator, WebhookEvent} from './state';
import {SITE_TITLE} from '../../shared/site';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] as string);
}

function withQuery(target: string, params: Record<string, string>): string {
  const u = new URL(target);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #b58100;padding:.75rem 1rem;border-radius:.5rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:1.5rem;border:2px solid #003087;cursor:pointer}
.approve{background:#0070ba;color:#fff;border-color:#0070ba}.cancel{background:#fff;color:#003087}`;

/** The approval page and its buttons, mounted at /checkout of the simulator. */
export function createCheckoutPages(options: {base: string; sim: PayPalSimulator; enqueue: (events: WebhookEvent[]) => unknown}): Hono {
  const {base, sim} = options;

  function page(id: string): Response {
    const sub = sim.get(id);
    const actions =
      sub.status === 'APPROVAL_PENDING'
        ? `<div class="actions"><form method="post" action="${base}/checkout/${sub.id}/approve"><button class="approve" type="submit">Approve</button></form>
<form method="post" action="${base}/checkout/${sub.id}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>`
        : '<p>This subscription is no longer waiting for approval.</p>';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PayPal simulator — approve subscription</title>
<style>${STYLE}</style></head>
<body><main>
<p class="banner" role="note">PayPal simulator — local-supabase, no real money. Nothing here is charged.</p>
<h1>Approve your subscription</h1>
<dl><dt>Merchant</dt><dd>${escapeHtml(sub.brand_name ?? SITE_TITLE)}</dd>
<dt>Plan</dt><dd>${escapeHtml(sub.plan_id)}</dd>
<dt>Price</dt><dd><span data-testid="paypal-sim-amount">${escapeHtml(sub.price.value)} ${escapeHtml(sub.price.currency_code)}</span> every ${PREMIUM_PLAN.interval.toLowerCase()} until cancelled</dd>
<dt>Subscription</dt><dd>${escapeHtml(sub.id)}</dd><dt>Status</dt><dd>${escapeHtml(sub.status)}</dd></dl>
${actions}
</main></body></html>`;
    return new Response(html, {status: 200, headers: {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store'}});
  }

  function cancel(id: string): Response {
    const sub = sim.get(id);
    const target = sub.cancel_url ? withQuery(sub.cancel_url, {token: sub.id}) : `${base}/checkout/${id}`;
    return new Response(null, {status: 302, headers: {location: target}});
  }

  async function approve(request: Request, id: string): Promise<Response> {
    const sub = sim.get(id);
    const events = sim.approve(id);
    const form = new URLSearchParams(await request.text());
    if (form.get('webhooks') !== 'off') void options.enqueue(events);
    const target = sub.return_url
      ? withQuery(sub.return_url, {subscription_id: sub.id, ba_token: `BA-${crypto.randomBytes(9).toString('hex').toUpperCase()}`, token: crypto.randomBytes(9).toString('hex').toUpperCase()})
      : `${base}/checkout/${id}`;
    return new Response(null, {status: 302, headers: {location: target}});
  }

  const id = ':id{[A-Za-z0-9-]+}';
  const pages = new Hono();
  pages.all(`/${id}`, (c) => page(c.req.param('id')));
  pages.post(`/${id}/approve`, (c) => approve(c.req.raw, c.req.param('id')));
  pages.post(`/${id}/cancel`, (c) => cancel(c.req.param('id')));
  pages.all(`/${id}/:button{approve|cancel}`, () => new Response('Method Not Allowed', {status: 405}));
  return pages;
}
