// The votes feature's public surface for other features and the app.
export { voteKeys } from './api/vote-keys';
export type { VoteSummary } from './api/get-vote-summary';
export { CardVotes, VoteButtons, VoteControl } from './components/vote-control';
