-- entry edits, live: an edit of a shown entry is sent to its page and the home grid; of a
-- hidden one, to its page only (which only its owner and admins may join); a change that
-- touches no field the pages show sends nothing.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(5);

select tests.create_user('28010000-0000-4000-8000-000000000001', 'Olga Owner') as owner_session \gset
insert into public.entries (id, title, description, country, author, owner, show) values
  ('28e00000-0000-4000-8000-000000000001', 'chido', 'Cool.', 'MX', 'Olga', '28010000-0000-4000-8000-000000000001', true),
  ('28e00000-0000-4000-8000-000000000002', 'vaina', 'Thing.', 'DO', 'Olga', '28010000-0000-4000-8000-000000000001', false);
create temporary view sent as
  select topic, event, payload from realtime.messages
   where event = 'entry_updated' and payload ->> 'contentId' like '28e00000-%';
grant select on sent to public;

select tests.authenticate_as('28010000-0000-4000-8000-000000000001', :'owner_session');
select public.update_entry('28e00000-0000-4000-8000-000000000001', '{"description": "Cool, great."}') is not null as edited \gset
select public.update_entry('28e00000-0000-4000-8000-000000000002', '{"title": "vainita"}') is not null as edited \gset
select tests.clear_authentication();

select results_eq($$ select topic from sent where payload ->> 'contentId' = '28e00000-0000-4000-8000-000000000001' order by topic $$,
  $$ values ('entries'), ('entry:28e00000-0000-4000-8000-000000000001') $$, 'a shown entry''s edit goes to its page and the grid');
select is((select payload - 'updatedAt' - 'id' from sent where topic = 'entries'),
  '{"contentId": "28e00000-0000-4000-8000-000000000001", "title": "chido", "description": "Cool, great.", "descriptionEs": null,
    "country": "MX", "hint": null, "exampleSentence": null, "author": "Olga"}', 'with the fields the pages show');
select results_eq($$ select topic from sent where payload ->> 'contentId' = '28e00000-0000-4000-8000-000000000002' $$,
  $$ values ('entry:28e00000-0000-4000-8000-000000000002') $$, 'a hidden entry''s edit goes to its page only');
update public.entries set upvotes = upvotes + 1 where id = '28e00000-0000-4000-8000-000000000001';
select is((select count(*)::int from sent), 3, 'a tally change sends no edit');
select is((select payload ->> 'title' from sent where topic = 'entry:28e00000-0000-4000-8000-000000000002'), 'vainita', 'the new title');

select * from finish();
rollback;
