// POST /recover: always `{}` so the endpoint never reveals whether an account exists. Both paths
// pass the same limits and do comparable work (one locked look-up in a transaction, one rendered
// mail), and the unknown address's answer is held as long as a real one takes (timingParity.ts);
// only a mail that really goes out spends the project's e-mail quota.
import type {AuthContext} from './context';
import {ok, optionalString, readJson} from './http';
import {issueLinkToken, mailLink, renderDecoyLinkMail} from './links';
import {parsePkceParams} from './pkce';
import {requestedRedirect} from './redirects';
import {matchRealPath, recordRealPath} from './timingParity';
import {findUserByEmail} from './users';
import {validateEmail} from './validation';

export async function recover(ctx: AuthContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const email = validateEmail(optionalString(body, 'email'));
  const pkce = parsePkceParams(body);
  const redirectTo = requestedRedirect(ctx);
  ctx.limiter.admitMail('recovery', [email]);
  const startedAt = performance.now();
  const issued = await ctx.platform.db.transaction(async (tx) => {
    const locked = await findUserByEmail(tx, email, true);
    if (!locked) return undefined;
    ctx.limiter.spendMailQuota();
    return issueLinkToken(tx, locked, 'recovery', pkce);
  });
  if (issued) {
    await mailLink(ctx, issued, redirectTo);
    recordRealPath(ctx.platform, 'recover', startedAt);
  } else {
    renderDecoyLinkMail(ctx, 'recovery', email, redirectTo);
    await matchRealPath(ctx.platform, 'recover', startedAt);
  }
  return ok({});
}
