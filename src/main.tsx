import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { i18nReady } from '@/i18n';
import '@/styles/global.css';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { createRouter } from '@/routes';

// Created first, so the page's own chunk downloads while a Spanish reader's strings do.
const queryClient = createQueryClient();
const router = createRouter();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

// Nothing translated is drawn before the reader's language is in (no English flash for a
// Spanish reader): until then index.html's header frame, which has no words, stays up.
// English is bundled, so for an English reader this waits only for a microtask.
void i18nReady.then(render, render);
