export { ReportButton } from './components/report-button';
export { EntryModeration, ModerationNotice } from './components/entry-moderation';
