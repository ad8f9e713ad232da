import enUSReports from '@/i18n/locales/en-US.reports.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The report dialog's English strings arrive with the entry page's chunk.
addEnglishPageStrings({ reports: enUSReports });
