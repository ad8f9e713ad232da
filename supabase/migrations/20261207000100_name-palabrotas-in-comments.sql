-- The palabrotas client is called by its name in the catalog's comments: "the seed" there
-- meant the open-source app whose client uses our /api, and collided with supabase/seed.sql
-- (the starting data, which "came with the seed" in tags and variant_links still means).
comment on table private.account_links is 'Tokens of the palabrotas client''s reset-password and verify-email links (SHA-256 only): which account, what for, until when; used once. Reached only through the definer functions below.';
comment on table public.avatars is 'A learner''s avatars: files in the avatars bucket under their own folder, with a description (the palabrotas client''s Avatar).';
comment on function private.delete_own_account(text) is 'Deletes the caller''s own account when confirmation is ''DELETE'' and their session signed in within ten minutes (no password: the palabrotas client''s delete-account); as public.delete_account otherwise.';
comment on function public.entry_votes(uuid) is 'The votes on an entry the caller can see, newest first, as the palabrotas client''s Vote: _id, content, user {_id, name}, voteType, createdAt, updatedAt (+ contentId, userId).';
