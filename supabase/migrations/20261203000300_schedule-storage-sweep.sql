-- The storage sweep (20261203000200) runs every 10 minutes: Supabase Cron (pg_cron) calls
-- the `sweep` edge function through pg_net, as Supabase's "Scheduling Edge Functions" guide
-- shows, with the project's URL and a secret key read from Vault at each run:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<a secret key, sb_secret_…>', 'storage_sweep_key');
-- Where pg_cron is not available (the local stack's embedded Postgres) nothing is scheduled
-- here: the local stack calls the same function on the same schedule itself (stack/scheduler.ts).

-- One call of the sweep; the pg_net request id, or null (with a notice) while the Vault
-- secrets are not set. Invoker rights: the cron job runs it as its owner; no API role may.
create or replace function private.invoke_storage_sweep()
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  project_url text;
  sweep_key text;
begin
  select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
  select s.decrypted_secret into sweep_key from vault.decrypted_secrets s where s.name = 'storage_sweep_key';
  if project_url is null or sweep_key is null then
    raise notice 'storage sweep: set the Vault secrets project_url and storage_sweep_key to run it (README, Storage)';
    return null;
  end if;
  return net.http_post(
    url := pg_catalog.rtrim(project_url, '/') || '/functions/v1/sweep',
    headers := pg_catalog.jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || sweep_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000);
end;
$$;
comment on function private.invoke_storage_sweep() is
  'Calls the sweep edge function once through pg_net, with project_url and storage_sweep_key from Vault (the cron job''s command).';
revoke all on function private.invoke_storage_sweep() from public, anon, authenticated, service_role;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net is not available: the storage sweep is not scheduled in this database (the local stack schedules it itself)';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;
  -- Scheduling under a name replaces an earlier job of that name.
  execute $sql$ select cron.schedule('jerga-storage-sweep', '*/10 * * * *', 'select private.invoke_storage_sweep()') $sql$;
end;
$$;
