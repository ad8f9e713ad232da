-- Entries are the spec's "content": a word or phrase as it is said in one country.
create table public.entries (
  id uuid primary key default extensions.gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 1000),
  description text not null check (char_length(btrim(description)) between 1 and 1000),
  country char(2) not null references public.countries (code),
  hint text check (char_length(hint) <= 1000),
  example_sentence text check (char_length(example_sentence) <= 1000),
  author text not null check (char_length(btrim(author)) between 1 and 100),
  owner uuid default auth.uid() references auth.users (id) on delete set null,
  show boolean not null default true,
  upvotes integer not null default 0 check (upvotes >= 0),
  downvotes integer not null default 0 check (downvotes >= 0),
  vote_score integer generated always as (upvotes - downvotes) stored,
  comment_count integer not null default 0 check (comment_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_text text generated always as (
    private.search_normalize(title) || ' ' || private.search_normalize(description)
  ) stored,
  search_document tsvector generated always as (
    to_tsvector('spanish'::regconfig, private.search_normalize(title || ' ' || description || ' ' || coalesce(example_sentence, '')))
    || to_tsvector('english'::regconfig, private.search_normalize(title || ' ' || description))
  ) stored
);
comment on table public.entries is 'Community entries (the spec''s content): word or phrase, meaning, country, hint, example.';
comment on column public.entries.owner is 'The author''s user id; null when a guest added the entry.';
comment on column public.entries.show is 'Hidden entries (false) stay visible only to their owner and admins.';
comment on column public.entries.upvotes is 'Kept by the votes trigger; clients cannot write it.';
comment on column public.entries.vote_score is 'upvotes - downvotes: the order of the home grid.';
comment on column public.entries.comment_count is 'Kept by the comments trigger; clients cannot write it.';
comment on column public.entries.search_text is 'Lower-cased, unaccented title and description for substring search (trigram index).';
comment on column public.entries.search_document is 'Spanish and English full-text document, accent-insensitive, for ranked search and the tutor.';

create index entries_vote_order_idx on public.entries (vote_score desc, created_at desc, id desc) where show;
create index entries_newest_idx on public.entries (created_at desc, id desc) where show;
create index entries_country_idx on public.entries (country);
create index entries_owner_idx on public.entries (owner);
create index entries_search_text_idx on public.entries using gin (search_text extensions.gin_trgm_ops);
create index entries_search_document_idx on public.entries using gin (search_document);

create trigger entries_touch_updated_at
  before update on public.entries
  for each row execute function private.touch_updated_at();

alter table public.entries enable row level security;

create policy "Anyone can read shown entries, owners and admins also hidden ones"
  on public.entries for select
  to anon, authenticated
  using (show or owner = (select auth.uid()) or (select private.is_admin()));

create policy "Anyone can add entries in their own name, guests without an owner"
  on public.entries for insert
  to anon, authenticated
  with check (owner is not distinct from (select auth.uid()) and show);

create policy "Owners and admins can edit entries"
  on public.entries for update
  to authenticated
  using (owner = (select auth.uid()) or (select private.is_admin()))
  with check (owner = (select auth.uid()) or (select private.is_admin()));

create policy "Owners and admins can delete entries"
  on public.entries for delete
  to authenticated
  using (owner = (select auth.uid()) or (select private.is_admin()));

-- Column grants: counters, owner and timestamps are never the client's to write.
revoke all on public.entries from anon, authenticated;
grant select on public.entries to anon, authenticated;
grant insert (title, description, country, hint, example_sentence, author, owner) on public.entries to anon, authenticated;
grant update (title, description, country, hint, example_sentence, author, show) on public.entries to authenticated;
grant delete on public.entries to authenticated;
