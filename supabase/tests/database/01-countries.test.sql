-- countries: the 21 of the spec. Anyone reads them; no API role can change them.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(13);

select ok(
  (select relrowsecurity from pg_class where oid = 'public.countries'::regclass),
  'row level security is enabled on countries'
);
select policies_are('public', 'countries', array['Anyone can read countries'],
  'countries has only the read policy');

-- anonymous
select tests.authenticate_as(null);

select is((select count(*)::int from public.countries), 21, 'anon reads all 21 countries');
select results_eq(
  $$ select name_en, name_es from public.countries where code in ('DO', 'MX', 'ES', 'GQ') order by code $$,
  $$ values ('Dominican Republic', 'República Dominicana'), ('Spain', 'España'),
            ('Equatorial Guinea', 'Guinea Ecuatorial'), ('Mexico', 'México') $$,
  'anon reads English and Spanish names'
);
select throws_ok($$ insert into public.countries (code, name_en, name_es) values ('BR', 'Brazil', 'Brasil') $$,
  '42501', null, 'anon cannot add a country');
select throws_ok($$ update public.countries set name_en = 'Méjico' where code = 'MX' $$,
  '42501', null, 'anon cannot rename a country');
select throws_ok($$ delete from public.countries where code = 'MX' $$,
  '42501', null, 'anon cannot delete a country');

-- any logged-in user
select tests.clear_authentication();
select tests.authenticate_as('11111111-1111-4111-8111-111111111111', null);

select is((select count(*)::int from public.countries), 21, 'a logged-in user reads all 21 countries');
select throws_ok($$ insert into public.countries (code, name_en, name_es) values ('BR', 'Brazil', 'Brasil') $$,
  '42501', null, 'a logged-in user cannot add a country');
select throws_ok($$ update public.countries set name_en = 'Méjico' where code = 'MX' $$,
  '42501', null, 'a logged-in user cannot rename a country');
select throws_ok($$ delete from public.countries where code = 'MX' $$,
  '42501', null, 'a logged-in user cannot delete a country');

-- nothing changed
select tests.clear_authentication();
select is((select count(*)::int from public.countries), 21, 'still 21 countries');
select is((select name_en from public.countries where code = 'MX'), 'Mexico', 'Mexico keeps its name');

select * from finish();
rollback;
