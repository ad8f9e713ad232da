import enUSVariants from '@/i18n/locales/en-US.variants.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The variants' English strings arrive with the entry page's chunk.
addEnglishPageStrings({ variants: enUSVariants });
