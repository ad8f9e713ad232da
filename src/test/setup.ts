import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '@/i18n';
import es from '@/i18n/locales/es.json';

// The app fetches es as its own chunk when needed; tests have it at hand from the start, so
// switching to Spanish never waits on a dynamic import (lazy-locales.test.ts covers the loading).
i18n.addResourceBundle('es', 'translation', es);

// findBy*/waitFor wait for states, not times: on a busy 2-core machine a state a test waits for
// can take more than the library's default second to come (a passing wait returns at once).
configure({ asyncUtilTimeout: 5_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
