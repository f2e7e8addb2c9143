// POST /resend {type: 'signup', email}: a fresh confirmation link for an account that has not
// confirmed yet (the old link expired or was lost). Like /recover it answers the same for unknown
// and already confirmed addresses, so it cannot be used to find out who has an account; only a
// mail that goes out spends the project's e-mail quota.
import type {AuthContext} from './context';
import {validationFailed} from './errors';
import {ok, optionalString, readJson} from './http';
import {issueLinkToken, mailLink, renderDecoyLinkMail} from './links';
import {parsePkceParams} from './pkce';
import {requestedRedirect} from './redirects';
import {matchRealPath, recordRealPath} from './timingParity';
import {findUserByEmail} from './users';
import {validateEmail} from './validation';

export async function resend(ctx: AuthContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const type = optionalString(body, 'type');
  if (type !== 'signup') {
    throw validationFailed(type === undefined ? 'Missing one of these types: signup' : `Unsupported resend type: ${type}`);
  }
  const email = validateEmail(optionalString(body, 'email') ?? '');
  const pkce = parsePkceParams(body);
  const redirectTo = requestedRedirect(ctx);

  ctx.limiter.admitMail('confirmation', [email]);
  const startedAt = performance.now();
  const issued = await ctx.platform.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email, true);
    if (!user || user.email_confirmed_at) return undefined;
    ctx.limiter.spendMailQuota();
    return issueLinkToken(tx, user, 'confirmation', pkce);
  });
  if (issued) {
    await mailLink(ctx, issued, redirectTo);
    recordRealPath(ctx.platform, 'resend', startedAt);
  } else {
    renderDecoyLinkMail(ctx, 'confirmation', email, redirectTo);
    await matchRealPath(ctx.platform, 'resend', startedAt);
  }
  return ok({message_id: null});
}
