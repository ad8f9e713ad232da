-- function grants: every SECURITY DEFINER function in public, private and realtime (read from
-- pg_proc, so a new one without a decision here fails) may be executed by exactly the API
-- roles decided below; anon only where a guest's request needs it. No function in public or
-- private is executable by PUBLIC, and realtime's broadcast functions are the server's alone.
begin;
create extension if not exists pgtap with schema extensions;
\ir support/helpers.sql
select plan(201);

-- The decisions. A definer function runs with its owner's rights, so each grant is a choice:
--   anon and authenticated: session_is_live (the realtime.messages policies ask it of every joiner).
--   anon and authenticated: concept_search_hits (the concept search, guests' too; it returns
--     ids of entries the caller may see, or shown ones only for the tutor).
--   anon and authenticated: public_profile (a learner's display name and join date, for the
--     bylines and profile pages anyone may read; never the e-mail, admin flag or streaks).
--   anon: is_admin (entry and tag policies ask it of guests too), search_entry_ids and
--     same_title_ids (a guest's search; a guest adding an entry is shown the ones with its
--     title), take_rate_limit (a guest's new entry; signed-in limits will use it too),
--     check_login_throttle and record_login_attempt (sign-in, which the api runs as a guest;
--     not granted to authenticated, which never needs them).
--   authenticated only: assert_session (a signed-in request), check_current_password, set_admin.
--   anon and authenticated: rate_flashcard, update_streak and finish_tutor_turn (they write
--     what the learner cannot: scheduling state, the review log, streak columns, chat
--     messages), so that a guest is told to log in (PT401) rather than refused by a permission
--     error; each checks auth.uid() itself.
--   authenticated only: tutor_entry_ids (the tutor's entry search, run by begin_tutor_turn as
--     the caller; it returns shown entries only) and open_tutor_turn (the ticket of a turn
--     begin_tutor_turn has checked; a guest is refused before it is reached).
--   anon and authenticated: add_report (it reads others' reports and holds the third one's
--     target; a guest is told to log in). authenticated only: resolve_report and ban_user
--     (each checks the caller is an admin; guests may not call them at all), and
--     delete_account (the account itself with its password, or an admin), and delete_own_account
--     (palabrotas' delete-account: the caller's own, from a session signed in minutes ago).
--   anon and authenticated: remember_account_link and use_account_link (palabrotas' reset-password
--     and verify-email links: a guest asks for and follows them; the token's hash is all they
--     take, and nothing is said of who has an account). authenticated only: caller_email_confirmed
--     (palabrotas' emailVerified, of the caller's own account).
--   authenticated only: mark_feedback_handled (admins, checked inside; guests may not call it),
--     running_bans (list_users, run as the caller, reads auth.users through it; it returns
--     nothing to anyone but an admin).
--   nobody: limit_storage_uploads and count_storage_usage (storage.objects triggers: the
--     per-account Storage limits), queue_account_files (an auth.users trigger) and
--     forget_removed_file (a storage.objects trigger); claim_storage_removals (the storage
--     sweep, service_role only). authenticated only: removals_queued_here (the files the
--     caller's own transaction queued by deleting an account, for /api to remove).
--   anon and authenticated: add_link_report (as add_report, for a variant link: it reads others'
--     reports and holds the link at the third; a guest is told to log in). authenticated only:
--     resolve_link_report (admins, checked inside). nobody: hold_variant_groups and
--     tell_held_variants (variant_links triggers: regroup and broadcast when a link is held).
--   anon and authenticated: usage_tallies (an entry's usage counts per country, for everyone
--     through entry_usage and set_usage; only counts leave it, never who marked what).
--   authenticated only: save_usage_mark (the one writer of usage_marks, reached through
--     set_usage; it marks in the caller's own name on an entry they can see).
--   nobody: keep_usage (a usage_marks trigger: rude_in and the live tallies).
--   nobody: notify (writes into another learner's inbox; called by the triggers notify_comment,
--     notify_vote and notify_moderation, nobody's either),
--   audit (the log's one door, called by the admin functions and triggers),
--     audit_admin_changes (a trigger), tell_moderation, tell_queue and tell_entry_edit (broadcasts),
--     the first finish_tutor_turn (called only by the public one, with a ticket's
--     message), the auth.users, votes, comments and entry_tags triggers, remember_entry_owner (an entries trigger), limit_account_writes (a trigger) and realtime's broadcasts (service_role only).
--   anon and authenticated: add_recording_report (as add_report, for a recording: it reads
--     others' reports and holds the recording at the third; a guest is told to log in).
--     authenticated only: resolve_recording_report (admins, checked inside). nobody:
--     remember_recording_speaker, tally_recording_votes, tell_recordings and
--     audit_recording_delete (recordings and recording_votes triggers). authenticated only:
--     uploaded_elsewhere (add_recording asks whether the caller's own upload of a name lies in
--     another bucket: 400 rather than 404; it looks at the caller's own objects only).
--   nobody: file_report (writes a report and its case's counters; called only by add_report,
--     add_link_report and add_recording_report, each having checked the caller and the target).
--   authenticated only: case_reporters (the queue's reporters with their accounts' age and trust,
--     read from auth.users for moderation_queue run as the caller; empty for anyone but an admin).
--   authenticated only: reset_own_flashcard (public.reset_flashcard, run as the caller, resets
--     one of the caller's own cards, checked inside: scheduling columns and the log are not
--     the learner's to write; a guest is told to log in before it is reached).
--   anon and authenticated: word_of_the_day_in_reach (GET /api/content/wordOfTheDay, guests'
--     too: it checks the date's bounds, then chooses the day's word once). nobody:
--     choose_word_of_the_day (called by it and by public.word_of_the_day, service_role only).
--   nobody: claim_reminders and unsubscribe_from_reminder_mail (the reminders function's,
--     service_role only: who is reminded, and the one-click unsubscribe behind its token).
--   authenticated only: the private save_push_subscription (POST /api/push/subscribe through
--     public.save_push_subscription, in the caller's own name).
--   anon and authenticated: voice_need_of (an entry's open request count and whether it is voiced,
--     public knowledge; request_recording locks with it), voice_queue_page and voice_totals (the
--     voice queue and its counts: shown entries only). None: the voice bookkeeping's triggers
--     and helpers (count_voices, refresh_voice_need, fulfil_recording_requests, keep_*_voice_need).
--   authenticated only: start_anki_import and import_anki_reviews (importAnki: the caller's own
--     collection key and rate limits, reviews merged into the caller's own cards only; a guest
--     may not call them at all).
--   authenticated only: own_anki_collection_key (anki_export's: the caller's own key, made on
--     first use) and count_deck_write (add_deck counts a deck in the caller's own `decks` write
--     limit). None: anki_collection_key(uuid) (any learner's key by id; only definer code calls it).
create temporary table definer_decisions (signature text primary key, anon boolean not null, authenticated boolean not null)
  on commit drop;
insert into definer_decisions (signature, anon, authenticated) values
  ('private.assert_session()', false, true),
  ('public.start_anki_import()', false, true),
  ('public.import_anki_reviews(text, jsonb)', false, true),
  ('private.own_anki_collection_key()', false, true),
  ('private.count_deck_write(integer)', false, true),
  ('private.anki_collection_key(uuid)', false, false),
  ('private.voice_need_of(uuid, boolean)', true, true),
  ('private.voice_queue_page(text, integer, integer, integer, uuid)', true, true),
  ('private.voice_totals()', true, true),
  ('private.count_voices()', false, false),
  ('private.refresh_voice_need(uuid)', false, false),
  ('private.fulfil_recording_requests(uuid, uuid)', false, false),
  ('private.keep_entry_voice_need()', false, false),
  ('private.keep_recording_voice_need()', false, false),
  ('private.keep_request_voice_need()', false, false),
  ('private.word_of_the_day_in_reach(date)', true, true),
  ('private.choose_word_of_the_day(date)', false, false),
  ('private.claim_reminders(timestamp with time zone, integer)', false, false),
  ('private.unsubscribe_from_reminder_mail(uuid, text, boolean)', false, false),
  ('private.save_push_subscription(text, text, text)', false, true),
  ('private.add_variant_link(uuid, uuid)', false, true),
  ('private.audit(text, text, text, text, text, jsonb)', false, false),
  ('private.audit_admin_changes()', false, false),
  ('private.audit_recording_delete()', false, false),
  ('private.case_reporters(uuid, timestamp with time zone)', false, true),
  ('private.check_current_password(text)', false, true),
  ('private.check_login_throttle(text, text)', true, false),
  ('private.claim_storage_removals(integer)', false, false),
  ('private.count_storage_usage()', false, false),
  ('private.forget_removed_file()', false, false),
  ('private.limit_storage_uploads()', false, false),
  ('private.queue_account_files()', false, false),
  ('private.removals_queued_here()', false, true),
  ('private.count_comments()', false, false),
  ('private.caller_email_confirmed()', false, true),
  ('private.remember_account_link(text, text, text)', true, true),
  ('private.use_account_link(text, text)', true, true),
  ('private.delete_own_account(text)', false, true),
  ('private.create_profile_for_new_user()', false, false),
  ('private.finish_tutor_turn(uuid, text, text, text, uuid[])', false, false),
  ('private.file_report(uuid, uuid, text, text)', false, false),
  ('private.is_admin()', true, true),
  ('private.hold_variant_groups()', false, false),
  ('private.join_variant_groups()', false, false),
  ('private.keep_usage()', false, false),
  ('private.limit_account_writes()', false, false),
  ('private.notify(uuid, text, uuid, uuid, jsonb)', false, false),
  ('private.notify_comment()', false, false),
  ('private.notify_moderation()', false, false),
  ('private.notify_vote()', false, false),
  ('private.open_tutor_turn(uuid, text)', false, true),
  ('private.concept_search_hits(text, integer, boolean)', true, true),
  ('private.public_profile(uuid)', true, true),
  ('private.record_login_attempt(text, text, boolean)', true, false),
  ('private.remember_entry_owner()', false, false),
  ('private.remember_recording_speaker()', false, false),
  ('private.remove_variant_link(uuid, uuid)', false, true),
  ('private.running_bans()', false, true),
  ('private.same_title_ids(text, text)', true, true),
  ('private.save_usage_mark(uuid, text, text)', false, true),
  ('private.search_entry_ids(text)', true, true),
  ('private.session_is_live()', true, true),
  ('private.split_variant_groups()', false, false),
  ('private.sync_profile_from_auth_user()', false, false),
  ('private.take_rate_limit(text, text, integer, interval, text)', true, true),
  ('private.tell_comment()', false, false),
  ('private.tell_entry_edit()', false, false),
  ('private.tell_moderation(uuid, uuid, boolean)', false, false),
  ('private.tell_queue(uuid)', false, false),
  ('private.tell_recordings()', false, false),
  ('private.tell_tags()', false, false),
  ('private.tell_held_variants()', false, false),
  ('private.tell_variant_edit()', false, false),
  ('private.tell_variants()', false, false),
  ('private.tell_vote()', false, false),
  ('private.tally_recording_votes()', false, false),
  ('private.tally_votes()', false, false),
  ('private.reset_own_flashcard(uuid)', false, true),
  ('private.tutor_entry_ids(text, integer)', false, true),
  ('private.uploaded_elsewhere(text)', false, true),
  ('private.usage_tallies(uuid)', true, true),
  ('public.add_link_report(uuid, uuid, text, text)', true, true),
  ('public.add_recording_report(uuid, text, text)', true, true),
  ('public.add_report(uuid, uuid, text, text)', true, true),
  ('public.ban_user(uuid, boolean, text, timestamp with time zone)', false, true),
  ('public.delete_account(text, uuid)', false, true),
  ('public.finish_tutor_turn(uuid, text, text, uuid[])', true, true),
  ('public.mark_feedback_handled(uuid, boolean)', false, true),
  ('public.resolve_link_report(uuid, uuid, text, text)', false, true),
  ('public.resolve_recording_report(uuid, text, text)', false, true),
  ('public.resolve_report(uuid, uuid, text, text)', false, true),
  ('public.rate_flashcard(uuid, smallint, uuid, timestamp with time zone, integer)', true, true),
  ('public.set_admin(uuid, boolean)', false, true),
  ('public.update_streak()', true, true),
  ('realtime.broadcast_changes(text, text, text, text, text, record, record, text)', false, false),
  ('realtime.send(jsonb, text, text, boolean)', false, false);

-- Functions of these schemas that belong to an extension are the extension's business.
create temporary view our_functions as
  select p.oid, n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as signature,
         p.prosecdef, p.proconfig, p.proacl, p.proowner, n.nspname
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
   where n.nspname in ('public', 'private', 'realtime')
     and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e');

-------------------------------------------------------------------------------- the list is complete
select set_eq(
  $$ select signature from our_functions where prosecdef $$,
  $$ select signature from definer_decisions $$,
  'every security definer function has a decision in this file (a new one must be added here)');
select is_empty(
  $$ select signature from our_functions
      where prosecdef and nspname in ('public', 'private') and not ('search_path=""' = any (coalesce(proconfig, '{}'))) $$,
  'every definer function of ours runs with an empty search_path');

-------------------------------------------------------------------------------- anon and authenticated, function by function
select is(has_function_privilege('anon', f.oid, 'execute'), d.anon,
          format('anon %s execute %s', case when d.anon then 'may' else 'may not' end, d.signature))
  from definer_decisions d join our_functions f using (signature)
 order by d.signature;
select is(has_function_privilege('authenticated', f.oid, 'execute'), d.authenticated,
          format('authenticated %s execute %s', case when d.authenticated then 'may' else 'may not' end, d.signature))
  from definer_decisions d join our_functions f using (signature)
 order by d.signature;

-------------------------------------------------------------------------------- PUBLIC
select is_empty(
  $$ select f.signature from our_functions f, aclexplode(coalesce(f.proacl, acldefault('f', f.proowner))) a
      where f.nspname in ('public', 'private') and a.grantee = 0 and a.privilege_type = 'EXECUTE' $$,
  'no function in public or private is executable by PUBLIC (every role)');

-------------------------------------------------------------------------------- realtime's broadcasts, as they are refused
select ok(has_function_privilege('service_role', 'realtime.send(jsonb, text, text, boolean)', 'execute')
      and has_function_privilege('service_role', 'realtime.broadcast_changes(text, text, text, text, text, record, record, text)', 'execute'),
  'the server (service_role) may broadcast');

select tests.authenticate_as_service_role();
select lives_ok($$ select realtime.send('{"test": true}', 'pgtap', 'pgtap-13', false) $$,
  'and does (the notification dies with this transaction''s rollback)');

select tests.clear_authentication();
select tests.authenticate_as(null);
select throws_ok($$ select realtime.send('{"hacked": true}', 'entry_changed', 'entries', false) $$, '42501', null,
  'a guest cannot send on any realtime topic');
select throws_ok(
  $$ select realtime.broadcast_changes('entries', 'INSERT', 'INSERT', 'entries', 'public', null::record, null::record) $$,
  '42501', null, 'a guest cannot broadcast changes');

select tests.clear_authentication();
select tests.authenticate_as('13010000-0000-4000-8000-000000000001', null);
select throws_ok($$ select realtime.send('{"hacked": true}', 'entry_changed', 'entries', false) $$, '42501', null,
  'a signed-in user cannot send on any realtime topic');
select throws_ok(
  $$ select realtime.broadcast_changes('entries', 'INSERT', 'INSERT', 'entries', 'public', null::record, null::record) $$,
  '42501', null, 'a signed-in user cannot broadcast changes');

select * from finish();
rollback;
