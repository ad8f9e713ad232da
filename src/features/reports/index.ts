export { ReportButton } from './components/report-button';
export { EntryGone, EntryModeration, ModerationNotice, useSeesHidden } from './components/entry-moderation';
