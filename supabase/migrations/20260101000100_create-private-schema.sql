-- Helpers that policies and generated columns call live in `private`, outside the API
-- surface (PostgREST never exposes it). API roles may call what is granted, nothing more.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Why: search must ignore case and accents ("cómo" finds "como"). unaccent() is only
-- stable, so a generated column or index needs this immutable wrapper with a fixed dictionary.
create or replace function private.search_normalize(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, '')))
$$;

-- Why: a user's search term is matched with LIKE, so its wildcards must be taken literally.
create or replace function private.like_pattern(term text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select '%' || replace(replace(replace(private.search_normalize(btrim(term)), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

-- Keeps updated_at honest on every update, whoever writes.
create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

revoke all on all functions in schema private from public;
grant execute on function private.search_normalize(text), private.like_pattern(text)
  to anon, authenticated, service_role;
