-- The card browser filters by kind too (issue 34: listening cards among the others). As
-- 20261001000200's browse_flashcards, plus `kind` (null: every kind; an unknown one is a 400).
drop function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid);
create function public.browse_flashcards(q text default null, country text default null, tag text default null,
                                         state text default null, page_size integer default 50,
                                         after_created_at timestamptz default null, after_id uuid default null,
                                         kind text default null)
returns setof jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  pattern text;
  state_no smallint;
begin
  perform private.require_sign_in('login_required');
  if browse_flashcards.state is not null and browse_flashcards.state not in ('new', 'learning', 'review', 'relearning', 'suspended') then
    raise exception 'unknown state %', browse_flashcards.state using errcode = 'PT400', hint = 'invalid_input', column = 'state';
  end if;
  if browse_flashcards.kind is not null then
    perform private.flashcard_kind(browse_flashcards.kind);
  end if;
  if nullif(btrim(q), '') is not null then
    pattern := '%' || replace(replace(replace(lower(btrim(q)), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  end if;
  state_no := array_position(array['new', 'learning', 'review', 'relearning'], browse_flashcards.state) - 1;
  return query
    select private.browsed_flashcard_json(f, e)
      from public.flashcards f
      join public.entries e on e.id = f.entry_id
     where f.user_id = (select auth.uid())
       and (pattern is null or lower(e.title) like pattern or lower(e.description) like pattern
            or lower(coalesce(e.description_es, '')) like pattern)
       and (browse_flashcards.country is null or e.country = upper(browse_flashcards.country))
       and (browse_flashcards.tag is null or exists (
             select 1 from public.entry_tags et join public.tags t on t.id = et.tag_id
              where et.entry_id = e.id and lower(t.name) = lower(btrim(browse_flashcards.tag))))
       and (browse_flashcards.state is null
            or (browse_flashcards.state = 'suspended' and f.suspended)
            or f.state = state_no)
       and (browse_flashcards.kind is null or f.kind = browse_flashcards.kind)
       and (after_created_at is null or (f.created_at, f.id) < (after_created_at, after_id))
     order by f.created_at desc, f.id desc
     limit greatest(least(coalesce(page_size, 50), 101), 1);
end;
$$;
comment on function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid, text) is
  'The caller''s cards matching q / country / tag / state / kind, newest first, a keyset page at a time, as browsed card JSON.';

revoke all on function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid, text) from public, anon, authenticated, service_role;
-- Guests may call it only to be told to log in (PT401).
grant execute on function public.browse_flashcards(text, text, text, text, integer, timestamptz, uuid, text) to anon, authenticated;
