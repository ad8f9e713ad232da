-- The seed gives a fresh database a living starting set: real entries from every one of
-- the 21 countries, a dozen tags, and entries carrying them. Thresholds, not exact
-- contents, so other tests' rows do not matter.
begin;
create extension if not exists pgtap with schema extensions;
select plan(12);

select ok((select count(*) from public.entries where owner is null and show) >= 40,
  'at least 40 shown guest entries are seeded');
select is_empty(
  $$ select c.code from public.countries c where not exists (select 1 from public.entries e where e.country = c.code) $$,
  'every one of the 21 countries has at least one entry'
);
select ok((select count(*) from public.countries c
            where (select count(*) from public.entries e where e.country = c.code) >= 3) >= 15,
  'most countries have several entries');
select ok((select count(*) from public.tags) >= 12, 'at least 12 tags are seeded');
select ok((select count(distinct tag_id) from public.entry_tags) >= 12, 'at least 12 tags are in use');
select ok(
  (select count(*) from public.entries e
    where (select count(*) from public.entry_tags et where et.entry_id = e.id) between 1 and 3) >= 40,
  'at least 40 entries carry one to three tags'
);
select isnt_empty($$ select 1 from public.entries where hint is null $$, 'some entries have no hint');
select ok((select count(*) from public.entries where hint is not null and example_sentence is not null) >= 40,
  'most entries have a hint and an example sentence');
select ok((select count(*) from public.entries where title ~ '[áéíóúñü¿¡]' or example_sentence ~ '[áéíóúñü¿¡]') >= 10,
  'Spanish accents, ñ and inverted marks survived loading');
select ok((select max(created_at) - min(created_at) from public.entries) > interval '60 days',
  'entries are spread over months');

set local role anon;
set local request.jwt.claims to '{"role": "anon"}';

select ok((select count(*) from public.list_entries()) >= 40, 'a guest sees the seeded entries on the home list');
select ok(
  (select count(*) from public.tags t
    where (select count(*) from public.list_entries(tag_ids => array[t.id])) >= 2) >= 10,
  'at least 10 tags each filter the home list down to two or more entries'
);

select * from finish();
rollback;
