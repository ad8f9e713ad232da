import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '@/i18n';
import es from '@/i18n/locales/es.json';

// The app fetches es as its own chunk when needed; tests have it at hand from the start, so
// switching to Spanish never waits on a dynamic import (lazy-locales.test.ts covers the loading).
i18n.addResourceBundle('es', 'translation', es);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
