// The recordings feature's public surface. The Listen section (with its player) and the
// recorder are imported lazily by the pages that show them (their own chunks); this file
// stays light: the entry channel's patch, and what the review screen's speaker needs.
import './recording-strings';

export { applyLiveRecordings } from './api/apply-live-recordings';
export { bestRecording, recordingsQueryOptions, useRecordings } from './api/get-recordings';
export { recordingKeys } from './api/recording-keys';
export { recordingUrl } from './api/recording-url';
export type { Recording, RecordingVote } from './api/types';
