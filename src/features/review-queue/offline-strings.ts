import enUSOffline from '@/i18n/locales/en-US.offline.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The offline strings arrive with the modules that show them (lazily loaded).
addEnglishPageStrings({ offline: enUSOffline });
