// The admin side of e-mail links: POST /invite (auth.admin.inviteUserByEmail) mails an invitation,
// POST /admin/generate_link (auth.admin.generateLink) hands the link and code to the caller
// instead of mailing them (GoTrue api/invite.go and api/mail.go adminGenerateLink).
import {randomBytes} from 'node:crypto';
import {isPgError, type Queryable} from '../db/database';
import type {AdminContext} from './context';
import {notFound, unprocessable, validationFailed} from './errors';
import {ok, optionalObject, optionalString, readJson, type JsonObject} from './http';
import {issueLinkToken, mailLink, verifyLink, verifyType, type IssuedLink} from './links';
import type {LinkMailKind} from './mail';
import {checkPasswordStrength, hashPassword} from './passwords';
import {allowedRedirect, requestedRedirect} from './redirects';
import {loadUserJson} from './userJson';
import {newOtp, tokenHash} from './tokens';
import {findUserByEmail, insertEmailUser, mergeMetadata, reloadUser, storeOneTimeToken, type UserRow} from './users';
import {validateEmail} from './validation';

const EMAIL_EXISTS = 'A user with this email address has already been registered';

/** The address was registered by a concurrent request (PostgreSQL server): GoTrue's 422. */
function emailTakenOr(error: unknown): never {
  if (isPgError(error) && error.code === '23505') throw unprocessable('email_exists', EMAIL_EXISTS);
  throw error;
}

/** The invited (or re-invited, while unconfirmed) user with a fresh invitation token. */
async function inviteUser(tx: Queryable, email: string, data: JsonObject): Promise<{user: UserRow; issued: IssuedLink}> {
  const found = await findUserByEmail(tx, email, true);
  if (found?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
  // GoTrue's Invite (and generate_link type invite) signs the user up from SignupParams{Data} and
  // puts the claims in the new identity only: user_metadata is the caller's data.
  const user = found ?? (await insertEmailUser(tx, email, null, data, false, {claimsInIdentityOnly: true}));
  const issued = await issueLinkToken(tx, user, 'invite');
  return {user: await reloadUser(tx, user.id), issued};
}

export async function invite(ctx: AdminContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const email = validateEmail(optionalString(body, 'email'));
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = requestedRedirect(ctx);
  const {user, issued} = await ctx.platform.db.transaction((tx) => inviteUser(tx, email, data)).catch(emailTakenOr);
  await mailLink(ctx, issued, redirectTo);
  return ok(await loadUserJson(ctx.platform.db, user));
}

const LINK_KINDS: Record<string, LinkMailKind> = {signup: 'confirmation', invite: 'invite', magiclink: 'magiclink', recovery: 'recovery'};

type EmailChangeSide = 'email_change_current' | 'email_change_new';

export async function generateLink(ctx: AdminContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const type = optionalString(body, 'type') ?? '';
  const email = validateEmail(optionalString(body, 'email'));
  // supabase-js sends options.redirectTo both as ?redirect_to= and in the body.
  const bodyRedirect = optionalString(body, 'redirect_to') ?? optionalString(body, 'redirectTo');
  const redirectTo = (bodyRedirect ? allowedRedirect(ctx.settings, bodyRedirect) : null) ?? requestedRedirect(ctx);
  if (type === 'email_change_current' || type === 'email_change_new') {
    return emailChangeLink(ctx, type, email, optionalString(body, 'new_email'), redirectTo);
  }
  let kind = LINK_KINDS[type];
  if (!kind) throw validationFailed(`Invalid email action link type requested: ${type}`);
  const data = optionalObject(body, 'data') ?? {};
  let password = optionalString(body, 'password');

  const existing = await findUserByEmail(ctx.platform.db, email);
  if (!existing && (kind === 'magiclink' || kind === 'recovery')) {
    if (kind === 'recovery') throw notFound('user_not_found', 'User with this email not found');
    // A magic link for an unknown address signs it up, with a password nobody knows.
    kind = 'confirmation';
    password = randomBytes(32).toString('base64url');
  }
  if (kind === 'confirmation' && !existing) {
    if (!password) throw validationFailed('Signup requires a valid password');
    checkPasswordStrength(password, ctx.settings.minimumPasswordLength);
  }
  const passwordHash = kind === 'confirmation' && !existing && password ? await hashPassword(password) : null;

  const issue = async (tx: Queryable): Promise<{user: UserRow; issued: IssuedLink}> => {
    if (kind === 'invite') return inviteUser(tx, email, data);
    let user = await findUserByEmail(tx, email, true);
    if (kind === 'confirmation') {
      if (user?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_EXISTS);
      if (user) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
        ]);
      } else {
        user = await insertEmailUser(tx, email, passwordHash, data, false, {claimsInIdentityOnly: true});
      }
    }
    if (!user) throw notFound('user_not_found', 'User with this email not found');
    const issued = await issueLinkToken(tx, user, kind);
    return {user: await reloadUser(tx, user.id), issued};
  };
  const {user, issued} = await ctx.platform.db.transaction(issue).catch(emailTakenOr);
  const verification = verifyType(issued.kind);
  return ok({
    ...(await loadUserJson(ctx.platform.db, user)),
    action_link: verifyLink(ctx, issued.token, verification, redirectTo),
    email_otp: issued.otp,
    hashed_token: issued.token,
    verification_type: verification,
    redirect_to: redirectTo,
  });
}

/**
 * One side of an e-mail change, as GoTrue's generate_link makes it: the pending change is recorded
 * and the link for the current or the new address is returned; the other side keeps its state.
 */
async function emailChangeLink(
  ctx: AdminContext,
  side: EmailChangeSide,
  email: string,
  rawNewEmail: string | undefined,
  redirectTo: string,
): Promise<Response> {
  if (side === 'email_change_current' && !ctx.settings.doubleConfirmChanges) {
    throw validationFailed('Enable secure email change to generate link for current email');
  }
  const newEmail = validateEmail(rawNewEmail);
  const otp = newOtp();
  const {user, token} = await ctx.platform.db.transaction(async (tx) => {
    const found = await findUserByEmail(tx, email, true);
    if (!found) throw notFound('user_not_found', 'User with this email not found');
    const other = await findUserByEmail(tx, newEmail);
    if (other && other.id !== found.id) throw unprocessable('email_exists', EMAIL_EXISTS);
    const token = tokenHash(side === 'email_change_current' ? email : newEmail, otp);
    const column = side === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
    await tx.query(
      `update auth.users set email_change = $2, ${column} = $3, email_change_confirm_status = 0, email_change_sent_at = now(),
          updated_at = now() where id = $1`,
      [found.id, newEmail, token],
    );
    await storeOneTimeToken(tx, found.id, column, token, side === 'email_change_current' ? email : newEmail);
    return {user: await reloadUser(tx, found.id), token};
  });
  return ok({
    ...(await loadUserJson(ctx.platform.db, user)),
    action_link: verifyLink(ctx, token, 'email_change', redirectTo),
    email_otp: otp,
    hashed_token: token,
    verification_type: side,
    redirect_to: redirectTo,
  });
}
