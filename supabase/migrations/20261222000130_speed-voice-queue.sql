-- The voice queue's page read in the index's own terms (measured by bench/voice-queue.ts on
-- 100,000 entries of one country): the country compared as char(2), as the column is (compared
-- as text, the index on country could not be used and every row was read), the keyset as one
-- row comparison that the index serves with or without a cursor (no cursor: past every row),
-- and each entry's words looked up by id per row of the page (a join could be planned as a
-- scan of every entry when the page size is a parameter).

-- Why security definer: voice_needs is private; what it returns is what a guest may read (shown
-- entries only). As 20261222000110.
create or replace function private.voice_queue_page(country text, page_size integer, after_requests integer, after_score integer, after_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(
           (select jsonb_build_object(
                     'contentId', e.id,
                     'title', e.title,
                     'description', e.description,
                     'exampleSentence', e.example_sentence,
                     'country', e.country,
                     'voteScore', page.vote_score,
                     'requests', page.requests)
                   || case when e.description_es is null then '{}'::jsonb else jsonb_build_object('descriptionEs', e.description_es) end
              from public.entries e where e.id = page.entry_id)
           order by page.requests desc, page.vote_score desc, page.entry_id desc), '[]'::jsonb)
    from (select v.entry_id, v.requests, v.vote_score from private.voice_needs v
           where v.country = voice_queue_page.country::char(2) and v.shown and not v.voiced
             and (v.requests, v.vote_score, v.entry_id)
                 < (coalesce(voice_queue_page.after_requests, 2147483647), coalesce(voice_queue_page.after_score, 2147483647),
                    coalesce(voice_queue_page.after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
           order by v.requests desc, v.vote_score desc, v.entry_id desc
           limit least(greatest(coalesce(voice_queue_page.page_size, 20), 1), 101)) page
$$;
comment on function private.voice_queue_page(text, integer, integer, integer, uuid) is
  'A keyset page of a country''s voice queue (shown entries with no native recording) as voiceNeed objects.';
