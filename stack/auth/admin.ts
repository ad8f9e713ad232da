import { Hono } from 'hono';
import type postgres from 'postgres';
import { z } from 'zod';
import { AuthError, userNotFound, validationFailed } from './errors.ts';
import type { AuthContext } from './context.ts';
import { readJson, requireAdmin } from './requests.ts';
import {
  checkNewPassword,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  loadUserJson,
  mergeMetadata,
  normaliseEmail,
  userJson,
  type UserRow,
} from './users.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const metadata = z.record(z.string(), z.unknown()).nullish();

const createBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  user_metadata: metadata,
  app_metadata: metadata,
});

const updateBody = createBody.extend({ ban_duration: z.string().optional() });

export const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return result.data;
}

/** "24h", "30m", "1h30m", or "none" to lift a ban; as Go's time.ParseDuration reads them. */
function banUntil(duration: string, now: Date): Date | null {
  if (duration === 'none') return null;
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (!parts.length || parts.map((part) => part[0]).join('') !== duration) {
    throw validationFailed('invalid format for ban duration');
  }
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
  const ms = parts.reduce((sum, part) => sum + Number(part[1]) * unit[part[2] as keyof typeof unit], 0);
  const until = new Date(now.getTime() + ms);
  // Go's durations stop near 292 years; past what a timestamp holds is no duration at all.
  if (!Number.isFinite(until.getTime()) || until.getUTCFullYear() > 9999) throw validationFailed('invalid format for ban duration');
  return until;
}

/** GoTrue's /admin/users routes, for the service role only. */
export function adminRoutes(ctx: AuthContext): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await requireAdmin(ctx, c);
    await next();
  });

  app.get('/users', async (c) => {
    const page = c.req.query('page') || '1';
    const perPage = c.req.query('per_page') || '50';
    // Positive 32-bit integers: a bigger page would only be an offset Postgres refuses.
    const valid = (value: string) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2 ** 31 - 1;
    if (!valid(page) || !valid(perPage)) throw validationFailed('Bad Pagination Parameters');
    const pageNumber = Number(page);
    const size = Math.min(Number(perPage), 1000);
    const filter = c.req.query('filter')?.trim();
    const pattern = filter ? `%${filter.replace(/[\\%_]/g, '\\$&')}%` : null;
    const { users, total } = await ctx.sql.begin(async (tx) => {
      const where = tx`deleted_at is null and (${pattern}::text is null or email ilike ${pattern}
                      or raw_user_meta_data ->> 'full_name' ilike ${pattern} or raw_user_meta_data ->> 'name' ilike ${pattern})`;
      const [{ count }] = await tx<{ count: string }[]>`select count(*) from auth.users where ${where}`;
      const rows = await tx<UserRow[]>`
        select id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at, confirmed_at,
               last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous,
               email_change, email_change_sent_at, recovery_sent_at, confirmation_sent_at
          from auth.users where ${where}
         order by created_at desc, id limit ${size} offset ${(pageNumber - 1) * size}`;
      const identities = rows.length
        ? await tx`select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
                     from auth.identities where user_id in ${tx(rows.map((row) => row.id))} order by created_at, id`
        : [];
      return {
        total: Number(count),
        users: rows.map((row) =>
          userJson(row, identities.filter((identity) => identity.user_id === row.id) as Parameters<typeof userJson>[1]),
        ),
      };
    });
    // GoTrue's Link header: page first in each URL (auth-js reads the first "=" of each link).
    const lastPage = Math.max(1, Math.ceil(total / size));
    const link = (target: number) => {
      const query = new URLSearchParams({ page: String(target), per_page: String(size) });
      if (filter) query.set('filter', filter);
      return `<${ctx.externalUrl}/admin/users?${query}>`;
    };
    const links = [...(pageNumber < lastPage ? [`${link(pageNumber + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    return c.json({ users, aud: 'authenticated' });
  });

  app.post('/users', async (c) => {
    const body = parse(createBody, await readJson(c));
    const email = normaliseEmail(body.email);
    if (body.password !== undefined) checkNewPassword(body.password, ctx.settings.minimumPasswordLength);
    const user = await ctx.sql.begin(async (tx) => {
      if (await findUserByEmail(tx, email)) throw emailExists();
      const now = ctx.now();
      const confirmed = body.email_confirm ? now : null;
      const id = await insertUser(tx, {
        email,
        passwordHash: body.password ? await hashPassword(tx, body.password) : null,
        emailConfirmedAt: confirmed,
        appMetadata: { provider: 'email', providers: ['email'], ...(body.app_metadata ?? {}) },
        userMetadata: { ...(body.user_metadata ?? {}), ...(confirmed ? { email_verified: true } : {}) },
        identity: { provider: 'email', data: { email, email_verified: Boolean(confirmed), phone_verified: false } },
        now,
      });
      return loadUserJson(tx, id);
    });
    return c.json(user);
  });

  app.get('/users/:id', async (c) => {
    const id = userId(c.req.param('id'));
    return c.json(await ctx.sql.begin((tx) => loadUserJson(tx, id)));
  });

  app.put('/users/:id', async (c) => {
    const id = userId(c.req.param('id'));
    const body = parse(updateBody, await readJson(c));
    const user = await ctx.sql.begin(async (tx) => {
      const current = await findUserById(tx, id, true);
      if (!current) throw userNotFound();
      const now = ctx.now();
      const json = (value: Record<string, unknown>) => tx.json(value as postgres.JSONValue);
      if (body.email !== undefined) {
        const email = normaliseEmail(body.email);
        if (email !== current.email) {
          const other = await findUserByEmail(tx, email);
          if (other && other.id !== id) throw emailExists();
          await tx`update auth.users set email = ${email} where id = ${id}`;
          await tx`update auth.identities set identity_data = identity_data || ${json({ email })}, updated_at = ${now}
                    where user_id = ${id} and provider = 'email'`;
        }
      }
      if (body.password !== undefined) {
        checkNewPassword(body.password, ctx.settings.minimumPasswordLength);
        await tx`update auth.users set encrypted_password = ${await hashPassword(tx, body.password)} where id = ${id}`;
      }
      if (body.user_metadata) {
        await tx`update auth.users set raw_user_meta_data = ${json(mergeMetadata(current.raw_user_meta_data, body.user_metadata))}
                  where id = ${id}`;
      }
      if (body.app_metadata) {
        await tx`update auth.users set raw_app_meta_data = ${json(mergeMetadata(current.raw_app_meta_data, body.app_metadata))}
                  where id = ${id}`;
      }
      if (body.email_confirm) {
        await tx`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, ${now}) where id = ${id}`;
      }
      if (body.ban_duration !== undefined) {
        await tx`update auth.users set banned_until = ${banUntil(body.ban_duration, now)} where id = ${id}`;
        if (body.ban_duration !== 'none') await tx`delete from auth.sessions where user_id = ${id}`;
      }
      await tx`update auth.users set updated_at = ${now} where id = ${id}`;
      return loadUserJson(tx, id);
    });
    return c.json(user);
  });

  app.delete('/users/:id', async (c) => {
    const id = userId(c.req.param('id'));
    await ctx.sql.begin(async (tx) => {
      const [row] = await tx`delete from auth.users where id = ${id} returning id`;
      if (!row) throw userNotFound();
    });
    return c.json({});
  });

  return app;
}

function userId(value: string): string {
  if (!uuid.test(value)) throw validationFailed('user_id must be an UUID');
  return value;
}
