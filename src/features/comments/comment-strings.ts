import enUSComments from '@/i18n/locales/en-US.comments.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The comments' English strings arrive with the entry page's chunk.
addEnglishPageStrings({ comments: enUSComments });
