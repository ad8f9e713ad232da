// Run by card-png.test.ts under real Deno (as Supabase runs the edge functions): the entry
// preview card of the entry in CARD_TEST_ENTRY, in each language, described as JSON.
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { env } from '../../supabase/functions/_shared/env.ts';
import { cardResponse, type CardLanguage } from '../../supabase/functions/_shared/pages/card.ts';

const entry = JSON.parse(env('CARD_TEST_ENTRY') ?? '{}') as Entry;
const cards = [];
for (const language of ['en-US', 'es'] as CardLanguage[]) {
  const response = await cardResponse(new Request(`http://localhost/content/${entry._id}/card.png?lng=${language}`), entry, language);
  const png = new Uint8Array(await response.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', png));
  cards.push({
    language,
    status: response.status,
    type: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    png: Array.from(png.subarray(0, 24)),
    sha256: Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''),
  });
}
console.log(JSON.stringify(cards));
