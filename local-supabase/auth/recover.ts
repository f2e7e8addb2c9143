// POST /recover: always `{}` so the endpoint never reveals whether an account exists.
import type {AuthContext} from './context';
import {ok, optionalString, readJson} from './http';
import {issueLinkToken, mailLink} from './links';
import {parsePkceParams} from './pkce';
import {requestedRedirect} from './redirects';
import {findUserByEmail} from './users';
import {validateEmail} from './validation';

export async function recover(ctx: AuthContext): Promise<Response> {
  const body = await readJson(ctx.request);
  const email = validateEmail(optionalString(body, 'email'));
  const pkce = parsePkceParams(body);
  const redirectTo = requestedRedirect(ctx);
  ctx.limiter.enforceMail('recovery', [email]);
  const user = await findUserByEmail(ctx.platform.db, email);
  if (!user) return ok({});
  const issued = await ctx.platform.db.transaction(async (tx) => {
    const locked = await findUserByEmail(tx, email, true);
    return locked ? issueLinkToken(tx, locked, 'recovery', pkce) : undefined;
  });
  if (issued) await mailLink(ctx, issued, redirectTo);
  return ok({});
}
