import type { Server } from 'node:http';
import { createAuthApp, type AuthApp } from './auth/index.ts';
import { loadAuthSettings } from './auth/settings.ts';
import { apiDatabaseUrlOf, loadConfig, type StackConfig } from './config.ts';
import { prepareDatabase, startDatabase } from './db.ts';
import { loadFunctions } from './functions.ts';
import { startMail, type MailService } from './mail/index.ts';
import type { Mailer } from './mail/types.ts';
import { startRealtime, type RealtimeService } from './realtime/index.ts';
import { startScheduler, type Scheduler } from './scheduler.ts';
import { createGateway, listen } from './server.ts';
import { startStorage, type StorageService } from './storage/index.ts';
import { applyStorageLimits } from './storage/limits.ts';
import { assertFitForHost, assertSeededAdminChanged, isLoopbackHost } from './self-hosting.ts';
import { loadVapidKeys } from './vapid.ts';
import type { VapidKeys } from '../supabase/functions/_shared/push/vapid.ts';

export interface RunningStack {
  config: StackConfig;
  apiUrl: string;
  dbUrl: string;
  /** The embedded Postgres's data folder; undefined with DATABASE_URL. */
  dataDir?: string;
  applied: string[];
  seeded: boolean;
  /** What Auth sends mail through. */
  mailer: Mailer;
  /** The mail catcher (Mailpit's API), or undefined when GOTRUE_SMTP_* sends real mail. */
  mailUrl?: string;
  /** Where mail goes, for the start-up lines. */
  mailDescription: string;
  /** The Web Push (VAPID) keys the functions sign with: VAPID_* or the pair kept with the data. */
  vapid: VapidKeys;
  /**
   * Replaces the functions' and Auth's database pools: the functions open a new one on their
   * next request (the api function's db() does), Auth at once. For a pool postgres.js has
   * left broken: see cli.ts.
   */
  renewPools(): Promise<void>;
  stop(): Promise<void>;
}

/** The edge runtime's JSON object of named keys: `{"default": first, "key2": second, …}`. */
const namedKeys = (keys: string[]) => JSON.stringify(Object.fromEntries(keys.map((key, i) => [i === 0 ? 'default' : `key${i + 1}`, key])));

/**
 * Starts the Docker-free stand-in for `supabase start`: Postgres (embedded unless
 * DATABASE_URL is set), migrations and seed, and the gateway on the API port.
 */
export async function startStack(
  overrides: Partial<StackConfig> = {},
  log: (line: string) => void = console.log,
): Promise<RunningStack> {
  const config = loadConfig(overrides);
  // Before anything starts: beyond loopback, development secrets are refused.
  await assertFitForHost(config);
  const db = await startDatabase(config, log);
  let server: Server | undefined;
  let auth: AuthApp | undefined;
  let realtime: RealtimeService | undefined;
  let mail: MailService | undefined;
  let storage: StorageService | undefined;
  let scheduler: Scheduler | undefined;
  try {
    mail = await startMail({ httpPort: config.mailPort, smtpPort: config.smtpPort });
    const { applied, seeded } = await prepareDatabase(db.url, { seed: config.seed });
    await assertSeededAdminChanged(config, db.url);
    await applyStorageLimits(db.url, { uploadsPerMinute: config.storageUploadsPerMinute, accountBytes: config.storageAccountBytes });
    const apiUrl = `http://127.0.0.1:${config.apiPort}`;
    const vapid = await loadVapidKeys(config.dataDir);
    // What the edge runtime gives every function on Supabase.
    Object.assign(process.env, {
      SUPABASE_URL: apiUrl,
      SUPABASE_ANON_KEY: config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
      SUPABASE_DB_URL: db.url,
      SUPABASE_PUBLISHABLE_KEYS: namedKeys(config.publishableKeys),
      SUPABASE_SECRET_KEYS: namedKeys(config.secretKeys),
      JWT_SECRET: config.jwtSecret,
      // Ours, not the edge runtime's: the api function's login role (see apiDatabaseUrlOf), and
      // the sweep's, which becomes service_role (authenticator may; hosted: SUPABASE_DB_URL).
      API_DB_URL: apiDatabaseUrlOf({ ...config, databaseUrl: db.url }),
      SWEEP_DB_URL: apiDatabaseUrlOf({ ...config, databaseUrl: db.url }),
      // Web Push (issue 32): on hosted Supabase, function secrets (docs/hosted-supabase.md).
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
    });
    // The reminders function mails through SMTP as Auth does: the catcher, or GOTRUE_SMTP_*'s server.
    process.env.SMTP_HOST ??= mail.smtp.host;
    process.env.SMTP_PORT ??= String(mail.smtp.port);
    if (mail.smtp.user) process.env.SMTP_USER ??= mail.smtp.user;
    if (mail.smtp.pass) process.env.SMTP_PASS ??= mail.smtp.pass;
    process.env.SMTP_ADMIN_EMAIL ??= mail.smtp.adminEmail;
    process.env.SMTP_SENDER_NAME ??= mail.smtp.senderName;
    // Its unsubscribe links name the API as the world reaches it.
    if (config.apiExternalUrl) process.env.REMINDERS_PUBLIC_URL ??= config.apiExternalUrl;
    // A local stack's test push service speaks http on loopback; beyond loopback only https.
    if (isLoopbackHost(config.host)) process.env.JERGA_PUSH_LOOPBACK_ENDPOINTS ??= '1';
    // The app's origins (the cookie session's same-origin rule, CORS with credentials):
    // config.toml's site_url and additional_redirect_urls unless the environment names them.
    const authToml = loadAuthSettings();
    process.env.SITE_URL ??= config.siteUrl ?? authToml.siteUrl;
    // On loopback also the palabrotas client, whose Vite dev server is on port 3000.
    const palabrotasClient = isLoopbackHost(config.host) ? ['http://localhost:3000', 'http://127.0.0.1:3000'] : [];
    process.env.JERGA_APP_ORIGINS ??= [...(config.additionalRedirectUrls ?? authToml.additionalRedirectUrls), ...palabrotasClient].join(',');
    const functions = await loadFunctions();
    auth = createAuthApp({
      databaseUrl: db.url,
      jwtSecret: config.jwtSecret,
      externalUrl: `${config.apiExternalUrl ?? apiUrl}/auth/v1`,
      siteUrl: config.siteUrl,
      // Any localhost page may receive a sign-in only while the stack itself is local.
      localRedirectWildcards: isLoopbackHost(config.host) ? undefined : false,
      additionalRedirectUrls: config.additionalRedirectUrls,
      rateLimits: Object.fromEntries(Object.entries(config.authRateLimits).filter(([, value]) => value !== undefined)),
      secretKeys: config.secretKeys,
      publishableKeys: config.publishableKeys,
      google: config.google,
      // As a hosted project with IP address forwarding on: the api function names the browser.
      sbForwardedForEnabled: true,
      mailer: mail.mailer,
    });
    realtime = await startRealtime({ config, databaseUrl: db.url, log, sessionCheckSeconds: config.realtimeSessionCheckSeconds });
    storage = await startStorage({
      config,
      databaseUrl: apiDatabaseUrlOf({ ...config, databaseUrl: db.url }),
      storageDir: config.storageDir,
      fileSizeLimit: config.storageFileSizeLimit,
    });
    server = await listen(createGateway({ config, functions, auth, realtime, storage }), config.apiPort, realtime.handleUpgrade, config.host);
    // Past listen(), a socket-level error must not take the whole stack down.
    server.on('error', (error) => log(`API gateway: ${error.message}`));
    // What Supabase Cron does on hosted projects (migrations 20261203000300, 20261208000101), through the gateway.
    scheduler = startScheduler(
      [
        { name: 'jerga-storage-sweep', url: `${apiUrl}/functions/v1/sweep`, key: config.secretKey, everyMs: config.sweepIntervalSeconds * 1000 },
        { name: 'jerga-reminders', url: `${apiUrl}/functions/v1/reminders`, key: config.secretKey, everyMs: config.remindersIntervalSeconds * 1000 },
      ],
      log,
    );
    const runningScheduler = scheduler;
    const running = server;
    const runningAuth = auth;
    const runningRealtime = realtime;
    const runningMail = mail;
    const runningStorage = storage;
    let renewal: Promise<void> | undefined;
    const renewPools = () =>
      (renewal ??= (async () => {
        for (const fn of functions.values()) await fn.close?.();
        await runningAuth.renewPool();
        await runningRealtime.renewConnection();
        await runningStorage.renewPool();
      })().finally(() => (renewal = undefined)));
    // postgres.js can leave a pooled connection unusable when Postgres dies under it (it
    // then hangs until connect_timeout on every use): start from fresh pools once it is back.
    db.onRestart(() => {
      renewPools().catch((error: unknown) => log(`Could not renew the database pools: ${String(error)}`));
    });
    return {
      config,
      apiUrl,
      dbUrl: db.url,
      dataDir: db.dataDir,
      applied,
      seeded,
      mailer: mail.mailer,
      mailUrl: mail.mailUrl,
      mailDescription: mail.describe,
      vapid,
      renewPools,
      async stop() {
        await runningScheduler.stop();
        await runningRealtime.close();
        running.closeAllConnections();
        await new Promise<void>((resolve) => running.close(() => resolve()));
        for (const fn of functions.values()) await fn.close?.();
        await runningAuth.close();
        await runningStorage.close();
        await runningMail.close();
        await db.stop();
      },
    };
  } catch (error) {
    await scheduler?.stop();
    server?.close();
    await realtime?.close();
    await auth?.close();
    await storage?.close();
    await mail?.close();
    await db.stop();
    throw error;
  }
}
