import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { recordingKeys } from './recording-keys';
import type { Recording, RecordingVote, RecordingVoteReply } from './types';

export interface RecordingVoteChange {
  contentId: string;
  recordingId: string;
  /** Up or down; the same again takes the vote back (the server's rule, as for entries). */
  voteType: RecordingVote;
}

export async function voteRecording({ recordingId, voteType }: RecordingVoteChange): Promise<RecordingVoteReply> {
  return api.post<RecordingVoteReply>('/recording/vote', { recordingId, voteType });
}

const value = (vote: RecordingVote | null) => (vote === 'up' ? 1 : vote === 'down' ? -1 : 0);

/** The recording as it will be once `voteType` is counted: shown at once, rolled back on failure. */
export function predictVote(recording: Recording, voteType: RecordingVote): Recording {
  const userVote = recording.userVote === voteType ? null : voteType;
  return { ...recording, userVote, voteScore: recording.voteScore - value(recording.userVote) + value(userVote) };
}

/** Votes on a recording, optimistically; the list is fetched again after (votes reorder it). */
export function useVoteRecording() {
  const queryClient = useQueryClient();
  const patch = (contentId: string, recordingId: string, change: (recording: Recording) => Recording) =>
    queryClient.setQueryData<Recording[]>(recordingKeys.forEntry(contentId), (list) => list?.map((item) => (item._id === recordingId ? change(item) : item)));
  return useMutation({
    mutationFn: voteRecording,
    onMutate: async ({ contentId, recordingId, voteType }) => {
      const key = recordingKeys.forEntry(contentId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Recording[]>(key);
      patch(contentId, recordingId, (recording) => predictVote(recording, voteType));
      return { before };
    },
    onError: (_error, { contentId }, context) => {
      if (context?.before) queryClient.setQueryData(recordingKeys.forEntry(contentId), context.before);
    },
    onSuccess: ({ voteScore, userVote }, { contentId, recordingId }) => patch(contentId, recordingId, (recording) => ({ ...recording, voteScore, userVote })),
    onSettled: (_reply, _error, { contentId }) => queryClient.invalidateQueries({ queryKey: recordingKeys.forEntry(contentId) }),
  });
}
