import enUSVoiceQueue from '@/i18n/locales/en-US.voiceQueue.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The /record queue's and the /voices page's English strings (and the recorder's "Preparing
// your take..."), in the chunks that show them.
addEnglishPageStrings({ voiceQueue: enUSVoiceQueue });
