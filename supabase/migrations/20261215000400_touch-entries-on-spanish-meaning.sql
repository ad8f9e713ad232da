-- An entry's Spanish meaning is part of the entry: editing only it moves updated_at too, which
-- the sitemap's lastmod and the preview card's ETag read (the trigger's column list was written
-- before description_es existed).
drop trigger entries_touch_updated_at on public.entries;
create trigger entries_touch_updated_at
  before update of title, description, description_es, country, hint, example_sentence, author, show on public.entries
  for each row execute function private.touch_updated_at();
