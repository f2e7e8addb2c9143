// Issuing the one-time tokens behind e-mail links (confirmation, recovery, magic link, invite)
// and mailing them.
import type {Queryable} from '../db/database';
import type {AuthContext} from './context';
import type {LinkMailKind} from './mail';
import {createFlowState, type PkceParams} from './pkce';
import {newOtp, PKCE_PREFIX, tokenHash} from './tokens';
import {storeOneTimeToken, type UserRow} from './users';

/** GoTrue's mailer otp_exp as the Supabase CLI sets it. */
export const OTP_EXPIRY_SECONDS = 3600;

export interface IssuedLink {
  kind: LinkMailKind;
  email: string;
  token: string;
  otp: string;
  /** The account's user_metadata, GoTrue's {{ .Data }}. */
  data: Record<string, unknown>;
}

// A magic link is a recovery token with another mail, an invitation a confirmation token, as in GoTrue.
const COLUMNS = {
  confirmation: {token: 'confirmation_token', sentAt: 'confirmation_sent_at', type: 'confirmation_token', flow: 'email/signup', verify: 'signup'},
  recovery: {token: 'recovery_token', sentAt: 'recovery_sent_at', type: 'recovery_token', flow: 'recovery', verify: 'recovery'},
  magiclink: {token: 'recovery_token', sentAt: 'recovery_sent_at', type: 'recovery_token', flow: 'magiclink', verify: 'magiclink'},
  invite: {token: 'confirmation_token', sentAt: 'confirmation_sent_at', type: 'confirmation_token', flow: 'invite', verify: 'invite'},
} as const;

/** Stores a fresh token on the user (inside the caller's transaction); mail it after commit. */
export async function issueLinkToken(tx: Queryable, user: UserRow, kind: LinkMailKind, pkce?: PkceParams): Promise<IssuedLink> {
  const email = user.email ?? '';
  const otp = newOtp();
  const token = (pkce ? PKCE_PREFIX : '') + tokenHash(email, otp);
  const c = COLUMNS[kind];
  const invited = kind === 'invite' ? ', invited_at = now()' : '';
  await tx.query(`update auth.users set ${c.token} = $2, ${c.sentAt} = now()${invited}, updated_at = now() where id = $1`, [user.id, token]);
  await storeOneTimeToken(tx, user.id, c.type, token, email);
  if (pkce) await createFlowState(tx, user.id, pkce, c.flow);
  return {kind, email, token, otp, data: user.raw_user_meta_data ?? {}};
}

/** GoTrue's e-mail action link: GET /verify with the token hash, the type and where to go after. */
export function verifyLink(ctx: AuthContext, token: string, type: string, redirectTo: string): string {
  return (
    `${ctx.platform.apiUrl}/auth/v1/verify?token=${encodeURIComponent(token)}` +
    `&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`
  );
}

/** The verify type of a link issued for `kind`. */
export const verifyType = (kind: LinkMailKind): string => COLUMNS[kind].verify;

export async function mailLink(ctx: AuthContext, issued: IssuedLink, redirectTo: string): Promise<void> {
  await ctx.platform.mail.send(renderLinkMail(ctx, issued, redirectTo));
}

function renderLinkMail(ctx: AuthContext, issued: IssuedLink, redirectTo: string) {
  return ctx.mailer.render(issued.kind, {
    to: issued.email,
    email: issued.email,
    confirmationUrl: verifyLink(ctx, issued.token, verifyType(issued.kind), redirectTo),
    token: issued.otp,
    tokenHash: issued.token,
    redirectTo,
    data: issued.data,
  });
}

/**
 * The work of mailing a link, minus the mail, for a request that sends nothing (an unknown
 * address): the answer then takes about as long as when a mail is rendered and handed over.
 */
export function renderDecoyLinkMail(ctx: AuthContext, kind: LinkMailKind, email: string, redirectTo: string): void {
  const otp = newOtp();
  renderLinkMail(ctx, {kind, email, otp, token: tokenHash(email, otp), data: {}}, redirectTo);
}
