-- The seed gives a fresh database a living starting set: real entries from every one of
-- the 21 countries (ten or more each), a dozen tags with Spanish names, entries carrying
-- them, concept groups across countries, and learners' usage marks. Thresholds, not exact
-- contents, so other tests' rows do not matter.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(27);

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

-- Issue 18, "a seed that shows it". Other test files add entries, so the per-entry checks
-- look at the seed's own: guest-added (owner null), dated a day or more before this run.
create temporary table seeded on commit drop as
  select e.* from public.entries e where e.owner is null and e.created_at < now() - interval '12 hours';
select ok((select count(*) from seeded) >= 300, 'at least 300 entries are seeded');
select is_empty(
  $$ select c.code from public.countries c where (select count(*) from seeded e where e.country = c.code) < 10 $$,
  'every one of the 21 countries has at least ten seeded entries'
);
select is_empty($$ select country, title from seeded where description_es is null $$,
  'every seeded entry has a Spanish meaning');
-- The example holds the word, ignoring case, accents and ¿?¡!; for "a / b" titles one form does.
select is_empty(
  $$ select e.country, e.title from seeded e
      where e.example_sentence is null
         or not exists (
           select 1 from regexp_split_to_table(e.title, '\s*/\s*') as form
            where btrim(regexp_replace(form, '[¿?¡!]', '', 'g')) <> ''
              and strpos(private.search_normalize(e.example_sentence),
                         private.search_normalize(btrim(regexp_replace(form, '[¿?¡!]', '', 'g')))) > 0) $$,
  'every seeded entry has an example sentence holding its title (case and accents aside)'
);
select ok(
  (select count(*) from seeded e
    where strpos(private.search_normalize(e.example_sentence), private.search_normalize(e.title)) > 0) >= 250,
  'most seeded examples hold the title exactly as written (case and accents aside)'
);
select ok((select count(*) from public.tags where name_es is not null) >= 16, 'the seeded tags have Spanish names');
select ok(
  (select count(*) from (
     select m.concept_id from public.concept_members m join seeded e on e.id = m.entry_id
      group by m.concept_id having count(distinct e.country) >= 3) groups) >= 30,
  'at least 30 concept groups have forms from three or more countries'
);
select is(
  (select array_agg(e.country || ' ' || e.title order by e.country)
     from seeded e join public.concept_members m on m.entry_id = e.id
    where m.concept_id = (select m2.concept_id from public.concept_members m2 join seeded p on p.id = m2.entry_id
                           where p.country = 'MX' and p.title = 'popote')
      and (e.country, e.title) in (('MX', 'popote'), ('ES', 'pajita'), ('AR', 'sorbete'), ('CO', 'pitillo'), ('CL', 'bombilla'))),
  array['AR sorbete', 'CL bombilla', 'CO pitillo', 'ES pajita', 'MX popote'],
  'popote is grouped with pajita, sorbete, pitillo and bombilla'
);
select is(
  (select array_agg(e.country || ' ' || e.title order by e.country)
     from seeded e join public.concept_members m on m.entry_id = e.id
    where m.concept_id = (select m2.concept_id from public.concept_members m2 join seeded g on g.id = m2.entry_id
                           where g.country = 'CU' and g.title = 'guagua')
      and (e.country, e.title) in (('CU', 'guagua'), ('PR', 'guagua'), ('DO', 'guagua'), ('MX', 'camión'), ('AR', 'colectivo'), ('CL', 'micro'))),
  array['AR colectivo', 'CL micro', 'CU guagua', 'DO guagua', 'MX camión', 'PR guagua'],
  'the Cuban guagua is grouped with the Puerto Rican and Dominican ones, camión, colectivo and micro'
);
select ok(
  not exists (select 1 from public.concept_members m join seeded e on e.id = m.entry_id
               where e.country = 'EC' and e.title = 'guagua'
                 and m.concept_id = (select m2.concept_id from public.concept_members m2 join seeded g on g.id = m2.entry_id
                                      where g.country = 'CU' and g.title = 'guagua')),
  'Ecuador''s guagua (a baby) is not in the bus group'
);
select ok((select count(*) from public.profiles p join auth.users u on u.id = p.id
            where u.email like '%@learners.jerga.local' and p.home_country is not null) >= 12,
  'a dozen or more seed learners, each with a home country');
select ok((select count(*) from public.usage_marks um join auth.users u on u.id = um.user_id
            where u.email like '%@learners.jerga.local') >= 30,
  'the seed learners left usage marks');
select is(
  (select array_agg(um.country::text || ' ' || um.usage order by um.country)
     from public.usage_marks um join seeded e on e.id = um.entry_id join auth.users u on u.id = um.user_id
    where e.country = 'ES' and e.title = 'coger' and u.email like '%@learners.jerga.local'
      and um.country in ('ES', 'MX', 'AR')),
  array['AR offensive', 'ES used', 'MX offensive'],
  'coger is marked used in Spain and offensive in Mexico and Argentina'
);
select ok(
  (select 'MX' = any(e.rude_in) and 'AR' = any(e.rude_in) and not 'ES' = any(e.rude_in) from seeded e where e.country = 'ES' and e.title = 'coger')
  and (select 'AR' = any(e.rude_in) and 'CL' = any(e.rude_in) from seeded e where e.country = 'MX' and e.title = 'concha')
  and (select 'PR' = any(e.rude_in) from seeded e where e.country = 'SV' and e.title = 'bicho / bicha'),
  'the marks keep rude_in: coger in Mexico and Argentina, concha in Argentina and Chile, bicho in Puerto Rico'
);
select is_empty(
  $$ select um.entry_id from public.usage_marks um join auth.users u on u.id = um.user_id
       join public.profiles p on p.id = um.user_id
      where u.email like '%@learners.jerga.local' and p.home_country is distinct from um.country $$,
  'each seed learner marks how words land in the country they live in'
);

select tests.authenticate_as(null);

select ok((select count(*) from public.list_entries()) >= 40, 'a guest sees the seeded entries on the home list');
select ok(
  (select count(*) from public.tags t
    where (select count(*) from public.list_entries(tag_ids => array[t.id])) >= 2) >= 10,
  'at least 10 tags each filter the home list down to two or more entries'
);

select * from finish();
rollback;
