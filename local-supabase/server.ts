import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import type {AddressInfo} from 'node:net';
import {apiUrl, mailboxUrl, type LocalSupabaseConfig} from './config';
import type {Database} from './db/database';
import {migrate} from './db/migrate';
import {openDatabase} from './db/open';
import {KeyStore} from './keys';
import {Outbox} from './mail/outbox';
import {createMailboxServer} from './mail/mailbox';
import {smtpTransport} from './mail/smtp';
import {createApiServer, type Services} from './http/server';
import {createAuthService} from './auth/index';
import {createRestService} from './rest/index';
import {createFunctionsHost} from './functions/host';
import {startMailDrain, type MailDrain} from './functions/mailDrain';
import {startMailboxSmtp, type MailboxSmtp} from './functions/mailboxSmtp';
import {createPayPalSim} from './paypal-sim/index';
import {writeCredentials} from './paypal-sim/credentials';
import type {Platform, ServiceHandler} from './platform';

const unavailable: ServiceHandler = async () => new Response(null, {status: 503});

/** What `supabase status -o json` prints, lower-cased; `npm start` builds the site from it. */
export interface StatusFile {
  api_url: string;
  publishable_key: string;
  secret_key: string;
  /** The legacy JWT keys, present only while legacy keys are enabled. */
  anon_key?: string;
  service_role_key?: string;
  /** The public JWT signing keys (GET without an API key). */
  jwks_url: string;
  mailbox_url: string;
}

export interface RunningLocalSupabase {
  platform: Platform;
  status: StatusFile;
  stop(): Promise<void>;
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * `database`: the database already being opened (main.ts starts it before loading this module, so
 * the two overlap); by default the one the configuration names.
 */
export async function startLocalSupabase(config: LocalSupabaseConfig, database?: Promise<Database>): Promise<RunningLocalSupabase> {
  fs.mkdirSync(config.dataDir, {recursive: true});
  const db = await (database ?? openDatabase(config));
  try {
    await migrate(db, config.supabaseDir);
  } catch (error) {
    await db.close();
    throw error;
  }
  const mail = new Outbox({log: config.logMail, transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined});
  const mailbox = createMailboxServer(mail);
  let server: http.Server | undefined;
  let platform: Platform;
  // The functions' SMTP server (send-mail delivers into the mailbox through it) and the local
  // stand-in for the hosted cron job that runs send-mail.
  let mailboxSmtp: MailboxSmtp | undefined;
  let mailDrain: MailDrain | undefined;
  try {
    mailboxSmtp = await startMailboxSmtp((outgoing) => mail.send(outgoing));
    const mailPort = await listen(mailbox, config.mailboxPort, config.host);
    const resolved: LocalSupabaseConfig = {...config, mailboxPort: mailPort};
    // Services need the bound API port (issuer, e-mail links) before they exist, so the server
    // listens first and dispatches to services assigned right after.
    const services: Services = {auth: unavailable, rest: unavailable, functions: unavailable};
    const dispatch: Services = {
      auth: (req, ctx) => services.auth(req, ctx),
      rest: (req, ctx) => services.rest(req, ctx),
      functions: (req, ctx) => services.functions(req, ctx),
      extra: (req, url) => (services.extra ? services.extra(req, url) : Promise.resolve(null)),
    };
    const partial = {config: resolved, db, mail, mailboxUrl: mailboxUrl(resolved), apiUrl: apiUrl(resolved)} as Platform;
    server = createApiServer(partial, dispatch);
    resolved.port = await listen(server, config.port, config.host);
    partial.apiUrl = apiUrl(resolved);
    partial.keys = await KeyStore.open(config.dataDir, {algorithm: config.signingAlgorithm, legacyKeys: config.legacyKeys});
    // Without PayPal credentials the functions talk to the simulator at /paypal-sim.
    if (!resolved.functionEnv.PAYPAL_CLIENT_ID) {
      const sim = createPayPalSim({
        apiUrl: partial.apiUrl,
        controlKey: partial.keys.secretKey,
        stateFile: config.memory ? undefined : path.join(config.dataDir, 'paypal-sim.json'),
      });
      writeCredentials(config.dataDir, sim.functionEnv);
      resolved.functionEnv = {...resolved.functionEnv, ...sim.functionEnv};
      services.extra = sim.handle;
    }
    platform = partial;
    services.auth = createAuthService(platform);
    services.rest = createRestService(platform);
    mailDrain = startMailDrain({url: platform.apiUrl, secretKey: platform.keys.secretKey});
    services.functions = createFunctionsHost(platform, {smtp: mailboxSmtp, afterWrite: mailDrain.nudge});
  } catch (error) {
    await mailDrain?.stop();
    await mailboxSmtp?.close();
    if (server) await close(server);
    await close(mailbox);
    await db.close();
    throw error;
  }
  const full = platform;
  const status: StatusFile = {
    api_url: full.apiUrl,
    publishable_key: full.keys.publishableKey,
    secret_key: full.keys.secretKey,
    ...(full.keys.legacyKeysEnabled ? {anon_key: full.keys.anonKey, service_role_key: full.keys.serviceRoleKey} : {}),
    jwks_url: `${full.apiUrl}/auth/v1/.well-known/jwks.json`,
    mailbox_url: full.mailboxUrl,
  };
  fs.writeFileSync(path.join(config.dataDir, 'status.json'), `${JSON.stringify(status, null, 2)}\n`, {mode: 0o600});

  let stopping: Promise<void> | undefined;
  return {
    platform: full,
    status,
    stop() {
      stopping ??= (async () => {
        await mailDrain?.stop();
        await Promise.all([close(server as http.Server), close(mailbox), mailboxSmtp?.close()]);
        await db.close();
      })();
      return stopping;
    },
  };
}
