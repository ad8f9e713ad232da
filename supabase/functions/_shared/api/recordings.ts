import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_RECORDING_DURATION_MS, RECORDINGS_BUCKET } from '../contract/limits.ts';
import type { PalabrotasAudioFile } from '../contract/palabrotas.ts';
import type { Recording, RecordingVoteReply } from '../contract/recordings.ts';
import { publicUrl, removeFiles } from '../storage-service.ts';
import type { Tx } from '../db.ts';
import type { ApiEnv } from './context.ts';
import { idParam, parseBody, uuid } from './validate.ts';

// Shapes only: whose file may be registered (the caller's own upload, <their id>/<entry>/<file>
// in the recordings bucket), the country default, the vote rules and who may delete live in
// the SQL functions add_recording, entry_recordings, vote_recording and delete_recording.

const addRecordingBody = z.object({
  contentId: uuid,
  // The object's name (upload's `path`), or with its bucket in front (upload's `fullPath`).
  path: z.string({ error: 'recording_path_invalid' }).min(1, 'recording_path_invalid').max(300, 'recording_path_invalid'),
  // Absent or null: the learner's home country.
  country: z.string({ error: 'unknown_country' }).max(10, 'unknown_country').nullish(),
  durationMs: z
    .number({ error: 'recording_duration_invalid' })
    .int('recording_duration_invalid')
    .min(1, 'recording_duration_invalid')
    .max(MAX_RECORDING_DURATION_MS, 'recording_duration_invalid')
    .nullish(),
});

const voteBody = z.object({
  recordingId: uuid,
  // Entry votes' words are understood too; replies say up or down.
  voteType: z.enum(['up', 'down', 'upvote', 'downvote'], { error: 'recording_vote_type_invalid' }),
});

/** The files of an entry's recordings the caller can see: what deleting the entry must remove from Storage. */
export async function recordingFilesOfEntry(tx: Tx, entryId: string): Promise<string[]> {
  const rows = await tx<{ path: string }[]>`select r.path from public.recordings r where r.entry_id = ${entryId}::uuid`;
  return rows.map((row) => row.path);
}

/** A recording as public.recording_json shapes it, before the url is added. */
type StoredRecording = Omit<Recording, 'url'>;

const withUrl = (recording: StoredRecording): Recording => ({ ...recording, url: publicUrl(RECORDINGS_BUCKET, recording.path) });

export const recordings = new Hono<ApiEnv>()
  .post('/addRecording', async (c) => {
    const body = await parseBody(c, addRecordingBody);
    const recording = await c.get('run')(
      async (tx) =>
        (
          await tx<{ recording: StoredRecording }[]>`
            select public.add_recording(${body.contentId}::uuid, ${body.path}, ${body.country ?? null}, ${body.durationMs ?? null}::integer) as recording`
        )[0].recording,
    );
    return c.json({ success: true, data: withUrl(recording) }, 201);
  })
  .get('/getRecordings/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'entry_not_found');
    const list = await c.get('run')(
      async (tx) => (await tx<{ recordings: StoredRecording[] }[]>`select public.entry_recordings(${id}::uuid) as recordings`)[0].recordings,
    );
    return c.json(list.map(withUrl));
  })
  .post('/vote', async (c) => {
    const body = await parseBody(c, voteBody);
    const summary = await c.get('run')(
      async (tx) =>
        (
          await tx<{ summary: Omit<RecordingVoteReply, 'success'> }[]>`
            select public.vote_recording(${body.recordingId}::uuid, ${body.voteType}) as summary`
        )[0].summary,
    );
    return c.json({ success: true, ...summary });
  })
  .delete('/:id', async (c) => {
    const id = idParam(c, 'id', 'recording_not_found');
    const deleted = await c.get('run')(
      async (tx) =>
        (await tx<{ deleted: { _id: string; contentId: string; path: string } }[]>`select public.delete_recording(${id}::uuid) as deleted`)[0]
          .deleted,
    );
    // The row is gone (committed); the file follows. If Storage cannot be reached the file
    // stays behind, listed nowhere: logged, and the delete still succeeded.
    await removeFiles(RECORDINGS_BUCKET, [deleted.path]);
    return c.json({ success: true, message: 'Deleted successfully', _id: deleted._id, contentId: deleted.contentId });
  });

/**
 * palabrotas' AudioFile (server/models/AudioFile.js) over one of an entry's recordings: its
 * flashcards play `audioUrl`. Jerga has no text-to-speech voices, so its audio files are the
 * learners' recordings, best-voted first (`order` follows), `voice` their author.
 */
function palabrotasAudioFile(contentId: string, recording: Recording, order: number): PalabrotasAudioFile {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(recording.path)?.[1]?.toLowerCase() ?? '';
  return {
    _id: recording._id,
    content: contentId,
    audioUrl: recording.url,
    voice: recording.authorName,
    languageCode: `es-${recording.country}`,
    audioFormat: extension,
    order,
    createdAt: recording.createdAt,
    updatedAt: recording.createdAt,
  };
}

/**
 * The one route of palabrotas' courses (`/api/course`, otherwise out of scope) that its
 * flashcards call for every card: `GET /api/course/getContentAudioFiles/{contentId}` →
 * `{success: true, data: [AudioFile]}`, the entry's recordings as palabrotas' audio files.
 */
export const courseAudio = new Hono<ApiEnv>().get('/getContentAudioFiles/:contentId', async (c) => {
  const id = idParam(c, 'contentId', 'entry_not_found');
  const list = await c.get('run')(
    async (tx) => (await tx<{ recordings: StoredRecording[] }[]>`select public.entry_recordings(${id}::uuid) as recordings`)[0].recordings,
  );
  return c.json({ success: true, data: list.map((recording, order) => palabrotasAudioFile(id, withUrl(recording), order)) });
});
