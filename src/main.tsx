import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from '@/i18n';
import '@/styles/global.css';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { createRouter } from '@/routes';

// Created first, so the page's own chunk downloads while a Spanish reader's strings do.
const queryClient = createQueryClient();
const router = createRouter(queryClient);

function render() {
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React draws the app in slices between the browser's other work, not in
  // one long task while the first words are already on screen (bench/lighthouse.ts: TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

// Drawn once the reader's language is in (no English flash for a Spanish reader) and the
// router has the opened page (its code and, on a guest's first visit, its first read): until
// then index.html's frame stays up, with a guest's first words (preload-page.ts), rather than
// a spinner in its place. English is bundled: for an English reader that part is a microtask.
const routerReady = new Promise<void>((resolve) => {
  if (router.state.initialized) return resolve();
  const stop = router.subscribe((state) => {
    if (state.initialized) {
      stop();
      resolve();
    }
  });
});
void Promise.all([i18nReady.catch(() => undefined), routerReady]).then(render);
