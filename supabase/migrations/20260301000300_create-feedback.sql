-- Feedback: anyone (guests too) tells the team something; only admins read it.
create table public.feedback (
  id uuid primary key default extensions.gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null check (char_length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  message text not null check (char_length(btrim(message)) between 1 and 5000),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.feedback is 'Messages to the team from the feedback form; admins read them on /admin.';
comment on column public.feedback.user_id is 'The sender when signed in; null for a guest.';

create index feedback_newest_idx on public.feedback (created_at desc, id desc);
create index feedback_user_idx on public.feedback (user_id);

alter table public.feedback enable row level security;

create policy "Anyone can send feedback in their own name, guests without one"
  on public.feedback for insert
  to anon, authenticated
  with check (user_id is not distinct from (select auth.uid()));

create policy "Admins can read feedback"
  on public.feedback for select
  to authenticated
  using ((select private.is_admin()));

revoke all on public.feedback from anon, authenticated;
-- id too: the sender cannot read the row back (no select policy), so add_feedback names it first.
grant insert (id, name, email, message) on public.feedback to anon, authenticated;
grant select on public.feedback to authenticated;

-- Feedback as the /api replies with it.
create or replace function public.feedback_json(f public.feedback)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('_id', f.id, 'name', f.name, 'email', f.email, 'message', f.message,
                            'userId', f.user_id, 'createdAt', f.created_at)
$$;

-- Sends feedback: the spec's three required fields, trimmed; five an hour per address, so
-- the form cannot be used to flood the admins.
create or replace function public.add_feedback(name text, email text, message text)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  new_name text := private.trim_text(add_feedback.name);
  new_email text := private.trim_text(add_feedback.email);
  new_message text := private.trim_text(add_feedback.message);
  new_id uuid := extensions.gen_random_uuid();
begin
  if coalesce(new_name, '') = '' then
    raise exception 'name is required' using errcode = 'PT400', hint = 'name_required', column = 'name';
  elsif char_length(new_name) > 100 then
    raise exception 'name is too long' using errcode = 'PT400', hint = 'name_too_long', column = 'name';
  end if;
  if coalesce(new_email, '') = '' then
    raise exception 'email is required' using errcode = 'PT400', hint = 'email_required', column = 'email';
  elsif char_length(new_email) > 254 or new_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'email is not valid' using errcode = 'PT400', hint = 'email_invalid', column = 'email';
  end if;
  if coalesce(new_message, '') = '' then
    raise exception 'message is required' using errcode = 'PT400', hint = 'message_required', column = 'message';
  elsif char_length(new_message) > 5000 then
    raise exception 'message is too long' using errcode = 'PT400', hint = 'message_too_long', column = 'message';
  end if;
  perform private.take_rate_limit('feedback', private.client_address(), 5, interval '1 hour', 'feedback_rate_limited');
  -- No RETURNING: only admins may read feedback, the sender included.
  insert into public.feedback (id, name, email, message) values (new_id, new_name, new_email, new_message);
  return jsonb_build_object('_id', new_id, 'name', new_name, 'email', new_email, 'message', new_message,
                            'userId', (select auth.uid()), 'createdAt', now());
end;
$$;
comment on function public.add_feedback(text, text, text) is 'Stores feedback from anyone (validated, rate-limited per address); returns it.';

-- The newest feedback, for admins only.
create or replace function public.list_feedback(max_rows integer default 100)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.require_sign_in('page_login_required');
  if not (select private.is_admin()) then
    raise exception 'admins only' using errcode = 'PT403', hint = 'admin_required';
  end if;
  return coalesce(
    (select jsonb_agg(public.feedback_json(f) order by f.created_at desc, f.id desc)
       from (select * from public.feedback f order by f.created_at desc, f.id desc
              limit least(greatest(coalesce(max_rows, 100), 1), 500)) f),
    '[]'::jsonb);
end;
$$;
comment on function public.list_feedback(integer) is 'The newest feedback (at most 500), for admins; others get PT403.';

revoke all on function public.feedback_json(public.feedback) from public, anon, authenticated, service_role;
revoke all on function public.add_feedback(text, text, text) from public, anon, authenticated, service_role;
revoke all on function public.list_feedback(integer) from public, anon, authenticated, service_role;
grant execute on function public.feedback_json(public.feedback) to anon, authenticated;
grant execute on function public.add_feedback(text, text, text) to anon, authenticated;
grant execute on function public.list_feedback(integer) to anon, authenticated;
