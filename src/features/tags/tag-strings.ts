import enUSTags from '@/i18n/locales/en-US.tags.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The tags' English strings arrive with the pages that show or add tags.
addEnglishPageStrings({ tags: enUSTags });
