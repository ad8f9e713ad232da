-- The tutor's tags in Spanish (issue 32): private.tutor_entry_json gives `tagsEs`, each tag's
-- Spanish name or its name where it has none, ordered by that name, only when at least one of
-- the entry's tags has a Spanish name (otherwise the entry keeps its old shape); `tags` stays
-- the names. Per actor: a signed-in learner (the tutor's caller) is given it, a guest may not
-- call the helper directly.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(6);

select tests.create_user('59010000-0000-4000-8000-000000000001', 'Lía Learner') as learner_session \gset

insert into public.entries (id, title, description, country, author, owner, show) values
  ('59e00000-0000-4000-8000-000000000001', 'guagua59', 'A bus.', 'CU', 'Lía', '59010000-0000-4000-8000-000000000001', true),
  ('59e00000-0000-4000-8000-000000000002', 'curro59', 'Work.', 'ES', 'Lía', '59010000-0000-4000-8000-000000000001', true),
  ('59e00000-0000-4000-8000-000000000003', 'bondi59', 'A bus.', 'AR', 'Lía', '59010000-0000-4000-8000-000000000001', true);
insert into public.tags (id, name, name_es, owner) values
  ('59700000-0000-4000-8000-000000000001', 'transport59', 'transporte59', null),
  ('59700000-0000-4000-8000-000000000002', 'urban59', null, null),
  ('59700000-0000-4000-8000-000000000003', 'work59', null, null);
insert into public.entry_tags (entry_id, tag_id) values
  ('59e00000-0000-4000-8000-000000000001', '59700000-0000-4000-8000-000000000001'),
  ('59e00000-0000-4000-8000-000000000001', '59700000-0000-4000-8000-000000000002'),
  ('59e00000-0000-4000-8000-000000000002', '59700000-0000-4000-8000-000000000003');

create or replace function pg_temp.tutor_json(title text) returns jsonb language sql as $$
  select private.tutor_entry_json(e) from public.entries e where e.title = tutor_json.title $$;

-------------------------------------------------------------------------------- signed-in learner
select tests.authenticate_as(:'learner_session');

select is(pg_temp.tutor_json('guagua59') -> 'tagsEs', '["transporte59", "urban59"]'::jsonb,
  'a learner''s tutor is given the tags in Spanish: the Spanish name where there is one, the name otherwise');
select is(pg_temp.tutor_json('guagua59') -> 'tags', '["transport59", "urban59"]'::jsonb, 'and the names as before');
select ok(not (pg_temp.tutor_json('curro59') ? 'tagsEs'), 'no tag with a Spanish name: no tagsEs (the old shape)');
select ok(not (pg_temp.tutor_json('bondi59') ? 'tagsEs'), 'no tag at all: no tagsEs');
select is(pg_temp.tutor_json('bondi59') -> 'tags', '[]'::jsonb, 'and tags empty, as before');

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);

select throws_ok($$ select pg_temp.tutor_json('guagua59') $$, '42501', null, 'a guest cannot call the helper directly');

select * from finish();
rollback;
