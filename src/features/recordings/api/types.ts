import type { Recording } from '@/lib/api-types';

export type { Recording, RecordingVote, RecordingVoteReply } from '@/lib/api-types';

/** The recording's owner: the first folder of its path (the bucket's policies hold every upload to it). */
export const recordingOwner = (recording: Pick<Recording, 'path'>): string => recording.path.split('/')[0] ?? '';
