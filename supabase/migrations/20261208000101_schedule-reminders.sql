-- The daily reminder (20261208000100) ticks every minute: Supabase Cron (pg_cron) calls the
-- `reminders` edge function through pg_net, as the storage sweep's job does (20261203000300),
-- with the project's URL and a secret key read from Vault at each run:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');   -- once, shared with the sweep
--   select vault.create_secret('<a secret key, sb_secret_…>', 'reminders_key');
-- Each tick decides from the time it runs which learners are due (their local time within the
-- hour after their chosen one), so a late or skipped tick only delays a reminder; two at once
-- never remind anyone twice. Where pg_cron is not available (the local stack's embedded
-- Postgres) nothing is scheduled here: the local stack calls the same function every minute
-- itself (stack/scheduler.ts).

-- One tick; the pg_net request id, or null (with a notice) while the Vault secrets are not
-- set. Invoker rights: the cron job runs it as its owner; no API role may.
create or replace function private.invoke_reminders()
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text;
  reminders_key text;
begin
  select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into reminders_key from vault.decrypted_secrets s where s.name = 'reminders_key';
  if project_url is null or reminders_key is null then
    raise notice 'reminders: set the Vault secrets project_url and reminders_key to send them (docs/hosted-supabase.md)';
    return null;
  end if;
  return net.http_post(
    url := pg_catalog.rtrim(project_url, '/') || '/functions/v1/reminders',
    headers := pg_catalog.jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || reminders_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 55000);
end;
$$;
comment on function private.invoke_reminders() is
  'Calls the reminders edge function once through pg_net, with project_url and reminders_key from Vault (the cron job''s command).';
revoke all on function private.invoke_reminders() from public, anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available: reminders are not scheduled in this database (the local stack schedules them itself)';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;
  -- Scheduling under a name replaces an earlier job of that name.
  execute $sql$ select cron.schedule('jerga-reminders', '* * * * *', 'select private.invoke_reminders()') $sql$;
end;
$$;
