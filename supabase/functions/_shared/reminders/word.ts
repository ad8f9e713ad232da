import { asService } from '../service-db.ts';
import type { ReminderWord } from './mail.ts';

/**
 * The word of the day for a learner's local date, as the home page shows it that day
 * (public.word_of_the_day chooses it once per day, only among entries a guest may see), with
 * its meaning and country name in the reader's language; null when there is none.
 */
export async function wordOfTheDay(date: string, language: string): Promise<ReminderWord | null> {
  const spanish = language === 'es';
  const rows = await asService(
    (tx) => tx<ReminderWord[]>`
      with chosen as (select public.word_of_the_day(${date}::date) as id)
      select e.title,
             case when ${spanish} then coalesce(e.description_es, e.description) else e.description end as meaning,
             case when ${spanish} then c.name_es else c.name_en end as country
        from chosen
        join public.entries e on e.id = chosen.id
        join public.countries c on c.code = e.country`,
  );
  return rows[0] ?? null;
}
