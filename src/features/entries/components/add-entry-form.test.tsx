import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddEntryPage } from '@/app/routes/add-entry-page';
import { StaticAuthProvider, type AuthUser } from '@/features/auth/auth-context';
import i18n from '@/i18n';
import { loadAuth } from '@/lib/supabase';
import { renderWithProviders, testUser } from '@/test/render';
import { callsTo, json, stubFetch } from '@/test/fetch';

// The real Supabase Auth client, loaded as the app loads it; its methods are spied on below.
const auth = await loadAuth();

let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetchMock = stubFetch();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let setAuthUser: (user: AuthUser | null) => void = () => {};

/** An auth state the test can change, as supabase-js's sign-out changes the real one. */
function SwitchableAuth({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(testUser);
  useEffect(() => {
    setAuthUser = setUser;
  }, []);
  return <StaticAuthProvider value={{ user, isLoggedIn: Boolean(user) }}>{children}</StaticAuthProvider>;
}

function renderPage(user = null as typeof testUser | null) {
  return renderWithProviders(<AddEntryPage />, {
    path: '/addContent',
    user,
    extraRoutes: [{ path: '/content/:id', element: <p>detail page</p> }],
  });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'chamba');
  await user.type(screen.getByLabelText('Description'), 'Work, a job.');
  await user.selectOptions(screen.getByLabelText('Country'), 'MX');
  await user.type(screen.getByLabelText('Example sentence'), 'Tengo mucha chamba.');
  await user.type(screen.getByLabelText('Hint'), 'Starts with ch');
}

describe('Add Content form', () => {
  it('has the banner and labelled fields; a guest is "Anonymous"', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Content' })).toBeInTheDocument();
    for (const label of ['Title', 'Description', 'Country', 'Hint', 'Example sentence']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Author')).toHaveValue('Anonymous');
    expect(screen.getByRole('button', { name: 'Add Content' })).toBeEnabled();
  });

  it('in Spanish, a guest is "Anónimo", not the English word', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderPage();
    expect(screen.getByLabelText('Autor')).toHaveValue('Anónimo');
  });

  it('prefills the author with the logged-in user’s name', () => {
    renderPage(testUser);
    expect(screen.getByLabelText('Author')).toHaveValue('Lucía');
  });

  it('shows each validation message on an empty submit and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText('Author'));
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(screen.getByText('Please enter a title.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a description.')).toBeInTheDocument();
    expect(screen.getByText('Please select a country.')).toBeInTheDocument();
    expect(screen.getByText('Please enter an author.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a field’s error when that field is edited, and only that one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText('Author'));
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    await user.type(screen.getByLabelText('Title'), 'g');
    expect(screen.queryByText('Please enter a title.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a description.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description'), 'x');
    expect(screen.queryByText('Please enter a description.')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Country'), 'AR');
    expect(screen.queryByText('Please select a country.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Author'), 'Ana');
    expect(screen.queryByText('Please enter an author.')).not.toBeInTheDocument();
  });

  it('keeps over-long text, says how much is over in red, and refuses to send it', async () => {
    const user = userEvent.setup();
    renderPage();
    const title = screen.getByLabelText('Title');
    expect(title).not.toHaveAttribute('maxLength');
    // Title and description count from the start; the optional fields only near their limit.
    expect(screen.getAllByText('0 / 1000')).toHaveLength(2);
    await fillValid(user);
    await user.click(title);
    await user.paste('a'.repeat(1006));
    // Nothing cut: the text stays whole, and the counter says by how much it is over.
    expect(title).toHaveValue(`chamba${'a'.repeat(1006)}`);
    const counter = screen.getByText('12 characters over');
    expect(counter).toHaveClass('field__counter--over');
    expect(title).toHaveAccessibleDescription('12 characters over');
    // The optional hint's counter shows only near its limit, and the same way past it.
    await user.click(screen.getByLabelText('Hint'));
    await user.paste('h'.repeat(1000));
    expect(screen.getByText('14 characters over')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(screen.getByText('Title must be at most 1000 characters.')).toBeInTheDocument();
    expect(screen.getByText('Hint must be at most 1000 characters.')).toBeInTheDocument();
    expect(title).toHaveFocus();
    // Nothing sent. (The same-title lookup may have asked about "chamba" meanwhile: on a busy
    // machine typing can outlast its debounce.)
    expect(callsTo(fetchMock, '/content/addContent')).toEqual([]);

    // Back within the limit, it sends (the limit counts what is sent: trimmed).
    await user.clear(title);
    await user.type(title, 'chamba');
    await user.clear(screen.getByLabelText('Hint'));
    await user.click(screen.getByLabelText('Hint'));
    await user.paste(`  ${'h'.repeat(1000)}  `);
    expect(screen.getByText('1000 / 1000')).toBeInTheDocument();
  });

  it('says how much is over in Spanish too', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('es'));
    renderPage();
    await user.clear(screen.getByLabelText('Autor'));
    await user.paste('x'.repeat(101));
    expect(screen.getByText('1 carácter de más')).toHaveClass('field__counter--over');
    await user.click(screen.getByRole('button', { name: 'Añadir contenido' }));
    expect(screen.getByText('El autor puede tener como máximo 100 caracteres.')).toBeInTheDocument();
  });

  it('saves, toasts "Added successfully" and opens the new entry', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json({ success: true, message: 'Added successfully', data: { _id: 'abc', title: 'chamba', tags: [] } }, 201),
    );
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(screen.getByText('Added successfully')).toBeInTheDocument();
    // The same-title check may have asked first (a GET); the entry is sent once.
    const sent = callsTo(fetchMock, '/content/addContent');
    expect(sent).toHaveLength(1);
    const { init, body } = sent[0];
    expect(init.method).toBe('POST');
    expect(body).toEqual({
      title: 'chamba',
      description: 'Work, a job.',
      country: 'MX',
      hint: 'Starts with ch',
      exampleSentence: 'Tengo mucha chamba.',
      author: 'Anonymous',
    });
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer .+/);
  });

  it('shows the uploading popup and disables submit while saving', async () => {
    const user = userEvent.setup();
    let resolve!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('Uploading...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Content' })).toBeDisabled();
    resolve(json({ success: true, data: { _id: 'abc' } }, 201));
    await waitFor(() => expect(screen.queryByText('Uploading...')).not.toBeInTheDocument());
  });

  it('maps server field errors onto the fields and toasts the failure', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json({ success: false, code: 'invalid_input', message: 'Please select a country.', errors: { country: 'Please select a country.' } }, 400),
    );
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('Adding content failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Please select a country.')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a server field error on its field by code, in the reader’s language', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          code: 'title_too_long',
          message: 'Title must be at most 1000 characters.',
          errors: { title: 'Title must be at most 1000 characters.', hint: 'Hint must be at most 1000 characters.' },
          fieldCodes: { title: 'title_too_long', hint: 'hint_too_long' },
        },
        400,
      ),
    );
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('Title must be at most 1000 characters.')).toBeInTheDocument();
    expect(screen.getByText('Hint must be at most 1000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Hint')).toHaveAttribute('aria-invalid', 'true');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText('El título puede tener como máximo 1000 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('La pista puede tener como máximo 1000 caracteres.')).toBeInTheDocument();
  });

  it('shows the guests’ hourly limit (429) as the general line, with the wait', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          code: 'guest_rate_limited',
          message: 'Guests can add only a few entries an hour. Please wait a while, or log in to add more.',
          retryAfter: 1500,
        },
        429,
      ),
    );
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText(
      'Guests can add only a few entries an hour. Please wait a while, or log in to add more. You can try again in 25 minutes.',
    )).toHaveClass('form__error');
    expect(screen.getByText('Adding content failed. Please try again.')).toBeInTheDocument();
  });

  it('keeps the draft when the session turns out to have ended, and says so', async () => {
    const user = userEvent.setup();
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: { access_token: 'ended' } }, error: null } as never);
    vi.spyOn(auth, 'signOut').mockImplementation(async () => {
      act(() => setAuthUser(null));
      return { error: null };
    });
    fetchMock.mockResolvedValue(json({ success: false, code: 'session_ended', message: 'Your session has ended. Please log in again.' }, 401));
    renderWithProviders(
      <SwitchableAuth>
        <AddEntryPage />
      </SwitchableAuth>,
      { path: '/addContent', user: testUser },
    );
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('Your session has ended. Please log in again.')).toHaveClass('form__error');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Signed out now, but what was typed is still there.
    expect(screen.getByLabelText('Title')).toHaveValue('chamba');
    expect(screen.getByLabelText('Author')).toHaveValue('Lucía');
  });

  it('shows other server messages as a general line', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json({ success: false, code: 'internal', message: 'Something went wrong. Please try again.' }, 500));
    renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Adding content failed. Please try again.')).toBeInTheDocument();
  });

  describe('same title in the same country', () => {
    const existing = { _id: 'e1', title: '¡Qué chimba!', description: 'Great, awesome.', country: 'CO', voteCount: 7, tags: [] };

    function answerSameTitle(matches: unknown[]) {
      fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        return url.pathname === '/api/content/findSameTitle' ? json({ data: matches }) : json({ success: true, data: { _id: 'new' } }, 201);
      });
    }

    it('shows the existing entry once the title rests, with a link to open it; the form stays as typed', async () => {
      const user = userEvent.setup();
      answerSameTitle([existing]);
      renderPage();
      await user.selectOptions(screen.getByLabelText('Country'), 'CO');
      await user.type(screen.getByLabelText('Title'), 'que chimba');
      expect(await screen.findByText('“¡Qué chimba!” already exists for Colombia.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open “¡Qué chimba!”' })).toHaveAttribute('href', '/content/e1');
      expect(screen.getByText('7 votes')).toBeInTheDocument();
      expect(screen.getByText(/add it anyway/)).toBeInTheDocument();
      expect(screen.getByLabelText('Title')).toHaveValue('que chimba');
      const [asked] = callsTo(fetchMock, '/content/findSameTitle');
      expect(Object.fromEntries(asked.url.searchParams)).toEqual({ title: 'que chimba', country: 'CO' });
    });

    it('says it in Spanish too', async () => {
      const user = userEvent.setup();
      answerSameTitle([existing]);
      await act(() => i18n.changeLanguage('es'));
      try {
        renderPage();
        await user.selectOptions(screen.getByLabelText('País'), 'CO');
        await user.type(screen.getByLabelText('Título'), 'que chimba');
        expect(await screen.findByText('«¡Qué chimba!» ya existe para Colombia.')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Abrir «¡Qué chimba!»' })).toBeInTheDocument();
      } finally {
        await act(() => i18n.changeLanguage('en-US'));
      }
    });

    it('asks nothing until a country is chosen, and shows nothing when there is no match', async () => {
      const user = userEvent.setup();
      answerSameTitle([]);
      renderPage();
      await user.type(screen.getByLabelText('Title'), 'chamba');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(callsTo(fetchMock, '/content/findSameTitle')).toHaveLength(0);
      await user.selectOptions(screen.getByLabelText('Country'), 'MX');
      await waitFor(() => expect(callsTo(fetchMock, '/content/findSameTitle')).toHaveLength(1));
      expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    });
  });
});
