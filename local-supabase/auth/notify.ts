// Security notification mails ([auth.email.notification.*]): queued by a handler while it works and
// sent by the router only once the handler has answered successfully, i.e. after its transaction
// committed — a change that is rolled back notifies nobody.
import type {OutgoingMail} from '../mail/outbox';
import type {EmailNotificationKind} from '../projectConfig';
import type {AuthContext} from './context';
import type {NotificationFacts} from './mail';

const pending = new WeakMap<Request, OutgoingMail[]>();

/** Renders the notification now (if config.toml switches it on) and holds it until the request succeeds. */
export function notifyOnSuccess(ctx: AuthContext, kind: EmailNotificationKind, facts: NotificationFacts): void {
  if (!facts.to) return;
  const mail = ctx.mailer.renderNotification(kind, facts);
  if (!mail) return;
  const queue = pending.get(ctx.request) ?? [];
  queue.push(mail);
  pending.set(ctx.request, queue);
}

/** Sends what the request queued; called by the router after a successful (2xx or 3xx) answer. */
export async function sendQueuedNotifications(ctx: AuthContext): Promise<void> {
  const queue = pending.get(ctx.request);
  pending.delete(ctx.request);
  for (const mail of queue ?? []) await ctx.platform.mail.send(mail);
}
