/** A learner's vote on a recording, as POST /api/recording/vote takes and returns it. */
export type RecordingVote = 'up' | 'down';

/** A recording of an entry as GET /api/recording/getRecordings/{contentId} lists it. */
export interface Recording {
  _id: string;
  /** Its object in the `recordings` bucket: `<userId>/<contentId>/<file>`. */
  path: string;
  /** The public URL under the server's SUPABASE_URL (the browser builds its own from `path`). */
  url: string;
  /** Where it is said: a country code. */
  country: string;
  authorName: string;
  durationMs: number | null;
  voteScore: number;
  userVote: RecordingVote | null;
  createdAt: string;
  /** Its owner and admins may delete it. */
  canDelete: boolean;
}

/** The recording's owner: the first folder of its path (the bucket's policies hold every upload to it). */
export const recordingOwner = (recording: Pick<Recording, 'path'>): string => recording.path.split('/')[0] ?? '';
