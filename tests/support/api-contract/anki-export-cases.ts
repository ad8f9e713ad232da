import { unzipSync } from 'fflate';
import { z } from 'zod';
import { JERGA_DECK_ID } from '../../../supabase/functions/_shared/anki/format.ts';
import { stack, testClientAddress } from '../stack.ts';
import type { RouteCase } from './world.ts';

// Export to Anki (issue 35): not JSON but an .apkg. What the client relies on is checked: the
// type and file name it is served with, and a zip holding the collection and the media map.

const ankiPackage = z.strictObject({
  contentType: z.literal('application/apkg'),
  disposition: z.string().regex(/^attachment; filename="jerga-\d{4}-\d{2}-\d{2}\.apkg"$/),
  files: z.array(z.string()).refine((names) => names.includes('collection.anki2') && names.includes('media'), 'collection.anki2 and media'),
  deckId: z.literal(JERGA_DECK_ID),
});

export const ankiExportCases: RouteCase[] = [
  {
    route: 'GET /flashcard/exportAnki/:userId',
    status: 200,
    schema: ankiPackage,
    call: async ({ fan }) => {
      const response = await fetch(`${stack().apiUrl}/api/flashcard/exportAnki/${fan.id}`, {
        headers: { authorization: `Bearer ${fan.token}`, 'x-forwarded-for': testClientAddress },
      });
      if (!response.ok) return { status: response.status, body: await response.json(), headers: response.headers };
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const collection = new TextDecoder('latin1').decode(files['collection.anki2']);
      return {
        status: response.status,
        headers: response.headers,
        body: {
          contentType: response.headers.get('content-type'),
          disposition: response.headers.get('content-disposition'),
          files: Object.keys(files),
          // The Jerga deck's id is in the collection's decks JSON.
          deckId: collection.includes(`"${JERGA_DECK_ID}":{"id":${JERGA_DECK_ID}`) ? JERGA_DECK_ID : null,
        },
      };
    },
  },
];
