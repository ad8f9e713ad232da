import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import StudyDeckButton from './study-deck-button';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

const reviewPage = [{ path: '/flashcards', element: <h1>Review page</h1> }];

describe('Study a deck', () => {
  it('adds the country’s deck, says how many came and how many were had, and leads to the review', async () => {
    const user = userEvent.setup();
    const onAdded = vi.fn();
    const fetchMock = stubFetch(() => json({ success: true, added: 20, skipped: 3 }, 201));
    renderWithProviders(<StudyDeckButton filter={{ country: 'CO' }} country="Colombia" onAdded={onAdded} />, { user: testUser, extraRoutes: reviewPage });
    await user.click(screen.getByRole('button', { name: 'Study Colombia (20 cards)' }));
    expect(await screen.findByText('20 cards added to your review · 3 you already had')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/flashcard/addDeck').map((call) => call.body)).toEqual([{ country: 'CO', limit: 20 }]);
    expect(onAdded).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Review now' }));
    expect(await screen.findByRole('heading', { name: 'Review page' })).toBeInTheDocument();
  });

  it('promises no more cards than match, and names a tag deck', () => {
    stubFetch();
    renderWithProviders(<StudyDeckButton filter={{ tag: 'slang' }} tag="slang" matching={7} />, { user: testUser });
    expect(screen.getByRole('button', { name: 'Study #slang (7 cards)' })).toBeInTheDocument();
  });

  it('sends one request for a double click, disabled and saying so while it runs', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<StudyDeckButton filter={{ country: 'CO' }} country="Colombia" />, { user: testUser });
    const button = screen.getByRole('button', { name: 'Study Colombia (20 cards)' });
    await user.dblClick(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Adding cards…');
    answer(json({ success: true, added: 1, skipped: 0 }, 201));
    expect(await screen.findByText('1 card added to your review')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/flashcard/addDeck')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Study Colombia (20 cards)' })).toBeEnabled();
  });

  it('speaks Spanish: the deck’s name, nothing new, and a refusal by its code', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    stubFetch(() => json({ success: true, added: 0, skipped: 5 }));
    const { unmount } = renderWithProviders(<StudyDeckButton filter={{ country: 'CO', tag: 'jerga' }} country="Colombia" tag="jerga" matching={5} />, {
      user: testUser,
    });
    await user.click(screen.getByRole('button', { name: 'Estudiar #jerga de Colombia (5 tarjetas)' }));
    const toast = await screen.findByText('Nada nuevo: ya tienes estas 5 tarjetas.');
    expect(toast.closest('.toast')).toHaveClass('toast--info');
    unmount();

    stubFetch(() => json({ success: false, code: 'rate_limited', message: 'Too many requests.' }, 429));
    renderWithProviders(<StudyDeckButton filter={{ country: 'CO' }} country="Colombia" />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Estudiar Colombia (20 tarjetas)' }));
    const refusal = await screen.findByText(/Demasiadas solicitudes/);
    expect(refusal.closest('.toast')).toHaveClass('toast--error');
  });

  it('shows a guest nothing, nor a deck with nothing to match', () => {
    const fetchMock = stubFetch();
    const { unmount } = renderWithProviders(<StudyDeckButton filter={{ country: 'CO' }} country="Colombia" />, { user: null });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithProviders(<StudyDeckButton filter={{ country: 'CO' }} country="Colombia" matching={0} />, { user: testUser });
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
