import enUSRecordings from '@/i18n/locales/en-US.recordings.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The recordings' English strings arrive with the chunks that show them (the entry page's
// Listen section and recorder, the review screen's speaker). Imported by every module here
// that shows them.
addEnglishPageStrings({ recordings: enUSRecordings });
