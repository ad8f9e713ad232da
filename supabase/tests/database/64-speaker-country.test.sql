-- speaker country (issue 34): profiles.speaker_country, set_speaker_country (one of the 21,
-- any case; null or '' clears; PT400 unknown_country on speakerCountry; guests PT401), its
-- column grant under the own-profile policy, user_json and user_profile (speakerCountry only
-- when set), and recordings: the speaker's country fixes recordings.country at insert, and
-- recording_json says it as speakerCountry. Actors: guest, owner, another learner, admin.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(24);

-- Sara …01 (home country AR), Otto …02 (no countries), Ada …03 admin.
select tests.create_user('64010000-0000-4000-8000-000000000001', 'Sara Speaker') as sara_session \gset
select tests.create_user('64010000-0000-4000-8000-000000000002', 'Otto Other') as otto_session \gset
select tests.create_user('64010000-0000-4000-8000-000000000003', 'Ada Admin', true) as admin_session \gset
update public.profiles set home_country = 'AR' where id = '64010000-0000-4000-8000-000000000001';
insert into public.entries (id, title, description, country, author, show) values
  ('64e00000-0000-4000-8000-000000000001', 'chamba64', 'Work.', 'MX', 'Guest', true);
-- An upload as Storage writes it: the row, owned by the caller.
create or replace function pg_temp.upload(name text) returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
  values ('recordings', name, (select auth.uid()), (select auth.uid())::text, '{"size": 1024, "mimetype": "audio/webm"}') $$;
grant execute on function pg_temp.upload(text) to public;

-------------------------------------------------------------------------------- anonymous (guest)
select tests.authenticate_as(null);
select is(tests.error_of($$ select public.set_speaker_country('MX') $$) - 'message',
  '{"code": "PT401", "hint": "login_required"}', 'a guest cannot set a speaker country: PT401');
select is(public.user_profile('64010000-0000-4000-8000-000000000001') -> 'user' -> 'speakerCountry', null,
  'a profile with no speaker country has no speakerCountry');
select throws_ok($$ update public.profiles set speaker_country = 'MX' $$, '42501', null, 'a guest writes no profile');

-------------------------------------------------------------------------------- owner
select tests.clear_authentication();
select tests.authenticate_as('64010000-0000-4000-8000-000000000001', :'sara_session');
select is(public.set_speaker_country(' co ') ->> 'speakerCountry', 'CO', 'the owner sets theirs, any case, trimmed');
select is((select speaker_country::text from public.profiles where id = '64010000-0000-4000-8000-000000000001'), 'CO', 'it is stored');
select is(tests.error_of($$ select public.set_speaker_country('XX') $$) - 'message',
  '{"code": "PT400", "hint": "unknown_country", "column": "speakerCountry"}', 'an unknown country: PT400 unknown_country on speakerCountry');
select is(public.set_speaker_country(null) ? 'speakerCountry', false, 'null clears it: absent from the profile');
select is(public.set_speaker_country('pe') ->> 'speakerCountry', 'PE', 'set again');
select is(public.set_speaker_country('') ? 'speakerCountry', false, 'an empty string clears it too');
select is(public.set_speaker_country('MX') ->> 'homeCountry', 'AR', 'the home country is another thing, left as it was');
update public.profiles set speaker_country = 'MX' where id = '64010000-0000-4000-8000-000000000001';
select is((select speaker_country::text from public.profiles where id = '64010000-0000-4000-8000-000000000001'), 'MX',
  'the owner may write the column directly (own-profile policy)');
select is(public.current_profile() ->> 'speakerCountry', 'MX', 'their profile says it');

-- Recording from MX, naming AR: the speaker's country wins.
select pg_temp.upload('64010000-0000-4000-8000-000000000001/64e00000-0000-4000-8000-000000000001/take.webm');
select is((select r ->> 'country' || '/' || (r ->> 'speakerCountry')
             from public.add_recording('64e00000-0000-4000-8000-000000000001',
                    '64010000-0000-4000-8000-000000000001/64e00000-0000-4000-8000-000000000001/take.webm', 'AR') r),
  'MX/MX', 'a recording is said from the speaker''s country, whatever the client names');
select is((select country::text from public.recordings where path like '64010000-0000-4000-8000-000000000001/%'), 'MX', 'and stored so');

-------------------------------------------------------------------------------- another learner
select tests.clear_authentication();
select tests.authenticate_as('64010000-0000-4000-8000-000000000002', :'otto_session');
update public.profiles set speaker_country = 'VE' where id = '64010000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is((select speaker_country::text from public.profiles where id = '64010000-0000-4000-8000-000000000001'), 'MX',
  'another learner cannot change someone''s speaker country (the policy hides the row)');
select tests.authenticate_as('64010000-0000-4000-8000-000000000002', :'otto_session');
select is_empty($$ select speaker_country from public.profiles where id = '64010000-0000-4000-8000-000000000001' $$,
  'nor read it from profiles');
select is(public.user_profile('64010000-0000-4000-8000-000000000001') -> 'user' ->> 'speakerCountry', 'MX',
  'but the public profile shows it');
select throws_ok($$ update public.profiles set is_admin = true where id = '64010000-0000-4000-8000-000000000002' $$, '42501', null,
  'the grant is for speaker_country, not every column');
-- With no speaker country, the country named stays (as before issue 34).
select pg_temp.upload('64010000-0000-4000-8000-000000000002/64e00000-0000-4000-8000-000000000001/otto.webm');
select is((select r ->> 'speakerCountry' from public.add_recording('64e00000-0000-4000-8000-000000000001',
             '64010000-0000-4000-8000-000000000002/64e00000-0000-4000-8000-000000000001/otto.webm', 'VE') r),
  'VE', 'without one, the country named is the recording''s');
select is(tests.error_of($$ select public.add_recording('64e00000-0000-4000-8000-000000000001',
             '64010000-0000-4000-8000-000000000002/64e00000-0000-4000-8000-000000000001/none.webm') $$) ->> 'hint',
  'country_required', 'and with none at all, a country must be named');
-- The list says each one's speakerCountry.
select is((select jsonb_agg(x ->> 'speakerCountry' order by x ->> 'speakerCountry')
             from jsonb_array_elements(public.entry_recordings('64e00000-0000-4000-8000-000000000001')) x),
  '["MX", "VE"]', 'entry_recordings lists speakerCountry');

-------------------------------------------------------------------------------- admin
select tests.clear_authentication();
select tests.authenticate_as('64010000-0000-4000-8000-000000000003', :'admin_session');
select is((select speaker_country::text from public.profiles where id = '64010000-0000-4000-8000-000000000001'), 'MX',
  'an admin reads every profile''s speaker country');
update public.profiles set speaker_country = 'CL' where id = '64010000-0000-4000-8000-000000000001';
select tests.clear_authentication();
select is((select speaker_country::text from public.profiles where id = '64010000-0000-4000-8000-000000000001'), 'MX',
  'but does not change it (only the owner''s policy lets a profile be edited)');
select tests.authenticate_as('64010000-0000-4000-8000-000000000003', :'admin_session');
select is(public.set_speaker_country('UY') ->> 'speakerCountry', 'UY', 'an admin sets their own');

select * from finish();
rollback;
