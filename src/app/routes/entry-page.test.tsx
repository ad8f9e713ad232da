import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { EntryPage } from './entry-page';

// The entry page's parts for issue 33: its tab title, its country's page, its Share button.

afterEach(async () => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
  document.title = 'Jerga';
  await act(() => i18n.changeLanguage('en-US'));
});

const chamba = makeEntry({ _id: '61000000-0000-4000-8000-0000000000e1', title: 'chamba', description: 'Work, a job.', descriptionEs: 'Trabajo.', country: 'MX' });

function renderEntry() {
  stubFetch((url) => (url.pathname.endsWith(`/getContentById/${chamba._id}`) ? json(chamba) : json({ data: [] })));
  return renderWithProviders(<EntryPage />, {
    path: '/content/:id',
    route: `/content/${chamba._id}`,
    extraRoutes: [{ path: '/country/:code', element: <p>country page</p> }],
  });
}

describe('the entry page', () => {
  it('names the tab by the word, its meaning and country, in the reader’s language', async () => {
    renderEntry();
    await screen.findByRole('heading', { level: 1, name: 'chamba' });
    expect(document.title).toBe('chamba — Work, a job. (Mexico) | Jerga');
    await act(() => i18n.changeLanguage('es'));
    expect(document.title).toBe('chamba — Trabajo. (México) | Jerga');
  });

  it('links its country to the country’s page', async () => {
    const user = userEvent.setup();
    renderEntry();
    const link = await screen.findByRole('link', { name: 'Mexico' });
    expect(link).toHaveAttribute('href', '/country/MX');
    await user.click(link);
    expect(await screen.findByText('country page')).toBeInTheDocument();
    expect(document.title).toBe('Jerga');
  });

  it('shares the entry’s own address: copied where there is no share sheet', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderEntry();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledExactlyOnceWith(`${window.location.origin}/content/${chamba._id}`);
  });
});
