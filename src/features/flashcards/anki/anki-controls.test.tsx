import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ANKI_PACKAGE_BYTES as SERVER_LIMIT } from '../../../../supabase/functions/_shared/anki/format';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { MAX_ANKI_PACKAGE_BYTES } from './anki-api';
import AnkiControls from './anki-controls';

const IMPORTED = { success: true, added: 12, present: 3, skipped: 1, unknownNotes: 0, cards: 4 };

/** /api as the controls meet it: the package download, and the import's reply. */
function stubAnki({ download, imported }: { download?: () => Response | Promise<Response>; imported?: () => Response | Promise<Response> } = {}) {
  return stubFetch((url) => {
    if (url.pathname === `/api/flashcard/exportAnki/${testUser._id}`)
      return download ? download() : new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/apkg' } });
    if (url.pathname === '/api/flashcard/importAnki') return imported ? imported() : json(IMPORTED);
    return json({});
  });
}

/** A promise to hold a reply until the test lets it go (to see the pending state). */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

const renderControls = () => renderWithProviders(<AnkiControls userId={testUser._id} />, { user: testUser });
const apkg = (name = 'jerga.apkg', bytes = 16) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });
const picker = () => screen.getByLabelText<HTMLInputElement>('Anki package (.apkg)');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Export for Anki', () => {
  it('downloads the .apkg named for today with the learner’s token, pending while it is made', async () => {
    const user = userEvent.setup();
    const created = vi.fn((blob: Blob) => (void blob, 'blob:apkg'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const reply = held<Response>();
    const fetchMock = stubAnki({ download: () => reply.promise });
    renderControls();
    await user.click(screen.getByRole('button', { name: 'Export for Anki' }));
    const pending = await screen.findByRole('button', { name: 'Preparing your Anki package…' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Bring reviews back from Anki' })).toBeDisabled();
    reply.release(new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers: { 'Content-Type': 'application/apkg' } }));
    await waitFor(() => expect(clicks).toEqual([{ href: 'blob:apkg', download: `jerga-${new Date().toISOString().slice(0, 10)}.apkg` }]));
    expect(new Uint8Array(await created.mock.calls[0][0].arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    const [call] = callsTo(fetchMock, `/flashcard/exportAnki/${testUser._id}`);
    expect((call.init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    expect(await screen.findByRole('button', { name: 'Export for Anki' })).toBeEnabled();
  });

  it('says clearly when the package could not be made, and when the hour’s exports are used up', async () => {
    const user = userEvent.setup();
    let status = 500;
    stubAnki({ download: () => (status === 500 ? json({ code: 'internal', message: '' }, 500) : json({ code: 'rate_limited', message: 'Too many requests.' }, 429)) });
    renderControls();
    await user.click(screen.getByRole('button', { name: 'Export for Anki' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The Anki package could not be made. Please try again.');
    status = 429;
    await user.click(screen.getByRole('button', { name: 'Export for Anki' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('You have done that many times this hour. Please wait a while and try again.'));
  });
});

describe('Bring reviews back from Anki', () => {
  it('sends the picked .apkg as the raw body and says what was merged', async () => {
    const user = userEvent.setup();
    const reply = held<Response>();
    const fetchMock = stubAnki({ imported: () => reply.promise });
    renderControls();
    expect(picker()).toHaveAttribute('accept', '.apkg');
    const file = apkg();
    await user.upload(picker(), file);
    expect(await screen.findByRole('button', { name: 'Reading your Anki package…' })).toHaveAttribute('aria-busy', 'true');
    reply.release(json(IMPORTED));
    expect(await screen.findByText('12 reviews added · 3 already here · 1 skipped')).toBeInTheDocument();
    const [call] = fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/flashcard/importAnki'));
    const init = call[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(file);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/octet-stream');
  });

  it('names the notes that were not the learner’s, one and many', async () => {
    const user = userEvent.setup();
    stubAnki({ imported: () => json({ ...IMPORTED, added: 1, present: 1, skipped: 2, unknownNotes: 1 }) });
    renderControls();
    await user.upload(picker(), apkg());
    expect(await screen.findByText('1 review added · 1 already here · 2 skipped · 1 note not from your Jerga cards')).toBeInTheDocument();
  });

  it('refuses a file over 50 MB or not a .apkg before sending anything', async () => {
    const user = userEvent.setup({ applyAccept: false });
    expect(MAX_ANKI_PACKAGE_BYTES).toBe(SERVER_LIMIT);
    const fetchMock = stubAnki();
    renderControls();
    const big = apkg();
    Object.defineProperty(big, 'size', { value: MAX_ANKI_PACKAGE_BYTES + 1 });
    await user.upload(picker(), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('That package is larger than 50 MB.');
    await user.upload(picker(), apkg('deck.zip'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Choose an Anki package: a file ending in .apkg.'));
    expect(callsTo(fetchMock, '/flashcard/importAnki')).toHaveLength(0);
  });

  it.each([
    [413, 'anki_package_too_large', 'That package is larger than 50 MB. Export only your Jerga deck from Anki and try again.'],
    [400, 'anki_package_invalid', 'That file is not an Anki package Jerga can read.'],
    [422, 'anki_package_foreign', 'That package holds none of your Jerga cards. Bring back a package you exported from Jerga.'],
    [429, 'rate_limited', 'You have done that many times this hour. Please wait a while and try again.'],
    [500, 'internal', 'Your reviews could not be brought back. Please try again.'],
  ])('shows the server’s %i %s in words', async (status, code, text) => {
    const user = userEvent.setup();
    stubAnki({ imported: () => json({ success: false, code, message: '' }, status) });
    renderControls();
    await user.upload(picker(), apkg());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('in Spanish', () => {
  it('speaks Spanish: the buttons, the summary and the errors', async () => {
    const { default: i18n } = await import('@/i18n');
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    let imported = json(IMPORTED);
    stubAnki({ imported: () => imported, download: () => json({ code: 'rate_limited', message: '' }, 429) });
    renderControls();
    expect(screen.getByRole('button', { name: 'Exportar para Anki' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Paquete de Anki (.apkg)'), apkg());
    expect(await screen.findByText('12 repasos añadidos · 3 ya estaban · 1 omitido')).toBeInTheDocument();
    imported = json({ success: false, code: 'anki_package_foreign', message: '' }, 422);
    await user.upload(screen.getByLabelText('Paquete de Anki (.apkg)'), apkg());
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese paquete no tiene ninguna de tus tarjetas de Jerga.');
    await user.click(screen.getByRole('button', { name: 'Exportar para Anki' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Ya lo hiciste muchas veces en esta hora.'));
  });
});
