import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatPage } from '@/app/routes/chat-page';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import type { ChatListItem, ChatMessage } from '../api/types';
import { CHAMBA_ID, chatReply, eventStream, listReply, makeChat, makeMessage, makeTurn, testUser } from '../test/chat-fixtures';

interface Api {
  chats?: ChatListItem[] | ((url: URL) => Response);
  messages?: Record<string, ChatMessage[]>;
  send?: (body: { chatId: string; message: string; language: string }) => Response | Promise<Response>;
  olderPage?: ChatMessage[];
}

/** The /api as the chat uses it; each call can be checked with callsTo. */
function stubApi({ chats = [], messages = {}, send, olderPage }: Api) {
  const list = typeof chats === 'function' ? chats : () => listReply(chats);
  return stubFetch((url, init) => {
    const path = url.pathname;
    if (path === `/api/chat/chats/${testUser._id}`) return list(url);
    if (path === '/api/chat/new') return json({ ...makeChat({ _id: '99999999-9999-4999-8999-999999999999' }), userId: testUser._id, messages: [] }, 201);
    if (path === '/api/chat/send') return send!(JSON.parse(String(init.body)));
    const chatId = path.split('/').pop()!;
    const chat = (Array.isArray(chats) ? chats : []).find((item) => item._id === chatId) ?? makeChat({ _id: chatId });
    if (init.method === 'PUT') return json({ ...chat, userId: testUser._id, title: JSON.parse(String(init.body)).title, messages: [] });
    if (init.method === 'DELETE') return json({ success: true, data: { _id: chatId } });
    if (url.searchParams.get('before')) return chatReply(chat, olderPage ?? []);
    return chatReply(chat, messages[chatId] ?? [], Boolean(olderPage), olderPage ? 'older-cursor' : null);
  });
}

function renderChat(user: typeof testUser | null = testUser) {
  return renderWithProviders(<ChatPage />, {
    path: '/chat',
    user,
    extraRoutes: [{ path: '/content/:id', element: <h1>Entry page</h1> }],
    page: true,
  });
}

/** A chat in the list of chats (its button is named by its title and message count). */
const chatButton = (title: string) => within(screen.getByRole('complementary', { name: 'Your chats' })).getByRole('button', { name: new RegExp(`^${title}`) });
const findChatButton = async (title: string) => {
  await screen.findAllByRole('button', { name: new RegExp(title) });
  return chatButton(title);
};
/** The open chat's messages have loaded (an empty chat greets the learner). */
const emptyChat = (language: 'en' | 'es' = 'en') => screen.findByText(language === 'en' ? '¡Hola! What would you like to learn today?' : '¡Hola! ¿Qué quieres aprender hoy?');

const messageBox = () => screen.getByRole('textbox', { name: 'Message to the tutor' });
const messageList = () => screen.getByRole('region', { name: 'Messages' });
const toast = (text: string) => screen.findByText(text, { selector: '.toast__message' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/chat', () => {
  it('asks a logged-out visitor to log in, fetching nothing', () => {
    const fetchMock = stubApi({});
    renderChat(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Please log in to use the chat feature' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates a "New Chat" for a learner with none, once, and opens it', async () => {
    const fetchMock = stubApi({ chats: [] });
    renderChat();
    expect(await screen.findByText('¡Hola! What would you like to learn today?')).toBeInTheDocument();
    const created = callsTo(fetchMock, '/chat/new');
    expect(created).toHaveLength(1);
    expect(created[0].body).toEqual({ userId: testUser._id });
    expect(chatButton('New Chat')).toHaveAttribute('aria-current', 'true');
    // The new chat's (empty) messages are known: nothing is asked for them.
    expect(callsTo(fetchMock, '/chat/99999999-9999-4999-8999-999999999999')).toHaveLength(0);
  });

  it('opens the most recent chat: the learner’s messages as "You", the tutor’s as "Tutor" in safe markdown', async () => {
    const recent = makeChat({ title: 'Mexican slang', messageCount: 2 });
    const older = makeChat({ title: 'Bus in Cuba', updatedAt: '2026-11-01T10:00:00Z' });
    const reply = [
      'Hola. **chamba** means *work*:',
      '',
      '- [chamba](/content/' + CHAMBA_ID + ')',
      '- [a trap](https://evil.example/phish)',
      '- [script](javascript:alert(1))',
      '- ![a picture](https://evil.example/pixel.png)',
      '',
      '<img src="x" onerror="alert(1)"><b>raw</b> ¡Qué chévere! ñandú',
    ].join('\n');
    stubApi({
      chats: [recent, older],
      messages: {
        [recent._id]: [
          makeMessage({ content: '¿Qué significa chamba?' }),
          makeMessage({ role: 'assistant', content: reply, model: 'offline', citations: [{ _id: CHAMBA_ID, title: 'chamba', country: 'MX', inFlashcards: false }] }),
        ],
      },
    });
    renderChat();
    const items = await within(await screen.findByRole('region', { name: 'Messages' })).findAllByRole('listitem');
    const [mine, tutor] = items.filter((item) => item.classList.contains('chat-message'));
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByText('¿Qué significa chamba?')).toBeInTheDocument();
    expect(within(tutor).getByText('Tutor')).toBeInTheDocument();
    expect(within(tutor).getByText('chamba', { selector: 'strong' })).toBeInTheDocument();
    // Links only to entries, inside the app; any other address is plain text, HTML is never drawn.
    const links = within(tutor).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/content/${CHAMBA_ID}`, `/content/${CHAMBA_ID}`]);
    expect(within(tutor).getByText('a trap').closest('a')).toBeNull();
    expect(within(tutor).getByText('script').closest('a')).toBeNull();
    expect(tutor.querySelector('.chat-markdown')!.querySelector('img, b, script')).toBeNull();
    expect(tutor).toHaveTextContent('¡Qué chévere! ñandú');
    // The cited entry as a chip, with Add to flashcards.
    const cited = within(tutor).getByRole('list', { name: 'Entries in this reply' });
    expect(within(cited).getByRole('link', { name: 'chamba' })).toHaveAttribute('href', `/content/${CHAMBA_ID}`);
    expect(within(cited).getByRole('button', { name: 'Add to flashcards' })).toBeInTheDocument();
    expect(chatButton('Mexican slang')).toHaveAttribute('aria-current', 'true');
  });

  it('switches chats from the list', async () => {
    const user = userEvent.setup();
    const first = makeChat({ title: 'Mexican slang' });
    const second = makeChat({ title: 'Bus in Cuba', updatedAt: '2026-11-01T10:00:00Z' });
    stubApi({ chats: [first, second], messages: { [second._id]: [makeMessage({ content: '¿Cómo se dice bus?' })] } });
    const { router } = renderChat();
    await screen.findByText('¡Hola! What would you like to learn today?');
    await user.click(chatButton('Bus in Cuba'));
    expect(await screen.findByText('¿Cómo se dice bus?')).toBeInTheDocument();
    expect(chatButton('Bus in Cuba')).toHaveAttribute('aria-current', 'true');
    expect(router.state.location.search).toBe(`?chat=${second._id}`);
  });

  it('shows the message at once and streams the reply in as "Tutor"; Enter sends, Shift+Enter adds a line', async () => {
    const user = userEvent.setup();
    const chat = makeChat({ title: 'Mexican slang' });
    const stream = eventStream();
    const fetchMock = stubApi({ chats: [chat], send: () => stream.response });
    renderChat();
    await screen.findByText('¡Hola! What would you like to learn today?');
    const box = messageBox();
    await user.type(box, '¿Qué significa');
    await user.keyboard('{Shift>}{Enter}{/Shift}chamba?');
    expect(box).toHaveValue('¿Qué significa\nchamba?');
    await user.keyboard('{Enter}');

    // At once: the learner's message, the box empty and waiting, the tutor typing.
    const list = messageList();
    expect(within(list).getByText('¿Qué significa chamba?', { collapseWhitespace: true })).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('The tutor is replying...')).toBeInTheDocument();
    const [sent] = callsTo(fetchMock, '/chat/send');
    expect(sent.body).toEqual({ userId: testUser._id, chatId: chat._id, message: '¿Qué significa\nchamba?', language: 'en' });
    expect((sent.init.headers as Record<string, string>).Accept).toBe('text/event-stream');

    act(() => stream.send('delta', { text: '**chamba** is ' }));
    expect(await within(list).findByText('chamba', { selector: 'strong' })).toBeInTheDocument();
    act(() => stream.send('delta', { text: 'work in Mexico.' }));
    expect(await within(list).findByText(/work in Mexico\./)).toBeInTheDocument();

    const turn = makeTurn(chat, '¿Qué significa\nchamba?', `**[chamba](/content/${CHAMBA_ID})** is work in Mexico.`, [{ _id: CHAMBA_ID, title: 'chamba', country: 'MX', inFlashcards: true }]);
    act(() => {
      stream.send('done', turn);
      stream.close();
    });
    expect(await screen.findByText('The tutor replied.')).toBeInTheDocument();
    expect(box).not.toHaveAttribute('readonly');
    const cited = within(list).getByRole('list', { name: 'Entries in this reply' });
    // The learner already has chamba in their flashcards: the chip says so, rather than offering it.
    expect(within(cited).getByRole('button', { name: 'In your flashcards' })).toBeInTheDocument();
    expect(within(list).getAllByText('Tutor')).toHaveLength(1);
    expect(chatButton('Mexican slang')).toHaveTextContent('2 messages');
  });

  it('sends the language the learner reads in', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const chat = makeChat();
    const fetchMock = stubApi({ chats: [chat], send: () => json({ code: 'tutor_unavailable', message: 'Failed to send message' }, 502) });
    renderChat();
    await emptyChat('es');
    await user.type(screen.getByRole('textbox', { name: 'Mensaje para el tutor' }), 'Hola{Enter}');
    expect(await toast('No se pudo enviar el mensaje')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/chat/send')[0].body.language).toBe('es');
  });

  it('shows a chat still called by its default title in the reader\'s language ("New Chat" reads "Nuevo chat" in Spanish)', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const fetchMock = stubApi({ chats: [makeChat({ title: 'New Chat' }), makeChat({ title: 'Jerga de México' })] });
    renderChat();
    await emptyChat('es');
    // The chats themselves (the sidebar's "Nuevo chat" button aside).
    const list = within(within(screen.getByRole('complementary', { name: 'Tus chats' })).getByRole('list'));
    expect(list.getByRole('button', { name: /^Nuevo chat/ })).toHaveAttribute('aria-current', 'true');
    expect(list.getByRole('button', { name: /^Jerga de México/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nuevo chat' })).toBeInTheDocument();
    expect(screen.queryByText('New Chat')).not.toBeInTheDocument();
    // Renaming starts from the title shown; leaving it as it is saves nothing.
    await user.click(list.getByRole('button', { name: 'Renombrar Nuevo chat' }));
    expect(screen.getByRole('textbox', { name: 'Título del chat' })).toHaveValue('Nuevo chat');
    await user.keyboard('{Enter}');
    expect(callsTo(fetchMock, '/chat/').filter((call) => call.init.method === 'PUT')).toHaveLength(0);
  });

  it('on a failed reply removes the message, puts the text back and says "Failed to send message"', async () => {
    const user = userEvent.setup();
    const stream = eventStream();
    stubApi({ chats: [makeChat()], send: () => stream.response });
    renderChat();
    await emptyChat();
    await user.type(messageBox(), 'Hola, tutor{Enter}');
    expect(within(messageList()).getByText('Hola, tutor')).toBeInTheDocument();
    act(() => {
      stream.send('delta', { text: 'Un momento' });
      stream.send('error', { code: 'tutor_unavailable', message: 'Failed to send message' });
      stream.close();
    });
    const shown = await toast('Failed to send message');
    expect(shown.closest('.toast')).toHaveClass('toast--error');
    expect(messageBox()).toHaveValue('Hola, tutor');
    expect(within(messageList()).queryByText('Hola, tutor')).not.toBeInTheDocument();
    expect(within(messageList()).queryByText('Un momento')).not.toBeInTheDocument();
  });

  it('says so when the tutor is asked too often (429)', async () => {
    const user = userEvent.setup();
    stubApi({
      chats: [makeChat()],
      send: () => json({ success: false, code: 'tutor_rate_limited', message: 'Too quick', retryAfter: 30 }, 429),
    });
    renderChat();
    await emptyChat();
    await user.type(messageBox(), 'Hola{Enter}');
    expect(await toast('You are sending messages to the tutor too quickly. Please wait a moment and try again.')).toBeInTheDocument();
    expect(messageBox()).toHaveValue('Hola');
  });

  it('sends nothing blank, and counts characters near the 4000 limit', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ chats: [makeChat()] });
    renderChat();
    await emptyChat();
    const box = messageBox();
    await user.type(box, '   {Enter}');
    expect(callsTo(fetchMock, '/chat/send')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(box).toHaveAttribute('maxlength', '4000');
    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(3700));
    expect(screen.getByText('3700 / 4000')).toBeInTheDocument();
  });

  it('loads older messages when the chat has more', async () => {
    const user = userEvent.setup();
    const chat = makeChat();
    const fetchMock = stubApi({ chats: [chat], messages: { [chat._id]: [makeMessage({ content: 'newest' })] }, olderPage: [makeMessage({ content: 'oldest' })] });
    renderChat();
    await screen.findByText('newest');
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(await screen.findByText('oldest')).toBeInTheDocument();
    const texts = within(messageList()).getAllByText(/newest|oldest/).map((node) => node.textContent);
    expect(texts).toEqual(['oldest', 'newest']);
    expect(callsTo(fetchMock, `/chat/${chat._id}`).at(-1)!.url.searchParams.get('before')).toBe('older-cursor');
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('renames a chat in place: Enter saves, Escape cancels', async () => {
    const user = userEvent.setup();
    const chat = makeChat({ title: 'New Chat' });
    const fetchMock = stubApi({ chats: [chat] });
    renderChat();
    await screen.findByText('¡Hola! What would you like to learn today?');
    await user.click(screen.getByRole('button', { name: 'Rename New Chat' }));
    let input = screen.getByRole('textbox', { name: 'Chat title' });
    expect(input).toHaveFocus();
    await user.keyboard('Throwaway{Escape}');
    expect(chatButton('New Chat')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/chat/${chat._id}`).filter((call) => call.init.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rename New Chat' }));
    input = screen.getByRole('textbox', { name: 'Chat title' });
    await user.keyboard('Jerga de México{Enter}');
    expect(await findChatButton('Jerga de México')).toBeInTheDocument();
    const [put] = callsTo(fetchMock, `/chat/${chat._id}`).filter((call) => call.init.method === 'PUT');
    expect(put.body).toEqual({ title: 'Jerga de México' });
  });

  it('puts the old title back and says so when renaming fails', async () => {
    const user = userEvent.setup();
    const chat = makeChat({ title: 'New Chat' });
    stubFetch((url, init) => {
      if (url.pathname.startsWith('/api/chat/chats/')) return listReply([chat]);
      if (init.method === 'PUT') return json({ code: 'internal', message: 'Something went wrong.' }, 500);
      return chatReply(chat, []);
    });
    renderChat();
    await emptyChat();
    await user.click(screen.getByRole('button', { name: 'Rename New Chat' }));
    await user.keyboard('Otro{Enter}');
    expect(await toast('Failed to update chat title')).toBeInTheDocument();
    expect(chatButton('New Chat')).toBeInTheDocument();
  });

  it('deletes a chat after confirming, and opens the next one', async () => {
    const user = userEvent.setup();
    const first = makeChat({ title: 'Mexican slang' });
    const second = makeChat({ title: 'Bus in Cuba', updatedAt: '2026-11-01T10:00:00Z' });
    const fetchMock = stubApi({ chats: [first, second] });
    renderChat();
    await screen.findByText('¡Hola! What would you like to learn today?');
    await user.click(screen.getByRole('button', { name: 'Delete Mexican slang' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this chat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, `/chat/${first._id}`).filter((call) => call.init.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Mexican slang' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete chat' }));
    expect(await toast('Chat deleted')).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Your chats' })).queryByRole('button', { name: /^Mexican slang/ })).not.toBeInTheDocument();
    expect(chatButton('Bus in Cuba')).toHaveAttribute('aria-current', 'true');
  });

  it('shows older chats a page at a time; a page that fails keeps the list and can be asked for again', async () => {
    const user = userEvent.setup();
    const recent = makeChat({ title: 'Mexican slang' });
    const older = makeChat({ title: 'Bus in Cuba', updatedAt: '2026-10-01T10:00:00Z' });
    let failOlder = true;
    const fetchMock = stubApi({
      chats: (url) =>
        url.searchParams.get('cursor') !== 'page-2'
          ? json({ success: true, data: [recent], nextCursor: 'page-2' })
          : failOlder
            ? json({ code: 'internal', message: 'Something went wrong.' }, 500)
            : listReply([older]),
    });
    renderChat();
    await findChatButton('Mexican slang');
    await user.click(screen.getByRole('button', { name: 'Show older chats' }));
    expect(await toast('Failed to load chats')).toBeInTheDocument();
    expect(chatButton('Mexican slang')).toBeInTheDocument();
    failOlder = false;
    await user.click(screen.getByRole('button', { name: 'Show older chats' }));
    expect(await findChatButton('Bus in Cuba')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older chats' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname.startsWith('/api/chat/chats/'));
    expect(asked.map((url) => [url.searchParams.get('limit'), url.searchParams.get('cursor')])).toEqual([
      ['50', null],
      ['50', 'page-2'],
      ['50', 'page-2'],
    ]);
  });

  it('says "Failed to load chats" and offers to try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({ chats: () => (fail ? json({ code: 'internal', message: 'Something went wrong.' }, 500) : listReply([makeChat({ title: 'Back again' })])) });
    renderChat();
    expect(await toast('Failed to load chats')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch chats').closest('[role="alert"]')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findChatButton('Back again')).toBeInTheDocument();
  });

  it('says "Failed to create chat" when the first chat cannot be made', async () => {
    stubFetch((url) => {
      if (url.pathname.startsWith('/api/chat/chats/')) return listReply([]);
      return json({ code: 'internal', message: 'Something went wrong.' }, 500);
    });
    renderChat();
    expect(await toast('Failed to create chat')).toBeInTheDocument();
    expect(screen.getByText('You have no chats. Start one to talk with the tutor.', { selector: '.chat-state__title' })).toBeInTheDocument();
    expect(within(screen.getByRole('complementary', { name: 'Your chats' })).getByRole('button', { name: 'New chat' })).toBeEnabled();
  });

  it('follows a cited entry to its page; an entry link the reply does not cite is plain words', async () => {
    const user = userEvent.setup();
    const chat = makeChat();
    const madeUp = '00000000-0000-4000-8000-000000000000';
    stubApi({
      chats: [chat],
      messages: {
        [chat._id]: [
          makeMessage({
            role: 'assistant',
            content: `See [chamba](/content/${CHAMBA_ID}), not [this one](/content/${madeUp}).`,
            citations: [{ _id: CHAMBA_ID, title: 'chamba', country: 'MX', inFlashcards: false }],
          }),
        ],
      },
    });
    const { router } = renderChat();
    expect(await screen.findByText('this one')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: 'this one' })).not.toBeInTheDocument();
    // The link in the reply's words (the chip under it leads to the same page).
    await user.click(within(screen.getByText(/not/).closest('p')!).getByRole('link', { name: 'chamba' }));
    expect(await screen.findByRole('heading', { name: 'Entry page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/content/${CHAMBA_ID}`);
  });
});

/** A stand-in for Chrome's webkitSpeechRecognition; the test drives its events. */
class FakeRecognition {
  static last: FakeRecognition | undefined;
  static failStart = false;
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 0;
  onstart: (() => void) | null = null;
  onresult: ((event: { results: unknown }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn(() => {
    if (FakeRecognition.failStart) throw new Error('busy');
  });
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
  say(transcript: string) {
    this.onresult?.({ results: [[{ transcript, confidence: 0.9 }]] });
    this.onend?.();
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
}

describe('voice input', () => {
  afterEach(() => {
    FakeRecognition.last = undefined;
    FakeRecognition.failStart = false;
  });

  it('is off, with a tooltip saying why, where the browser has no speech recognition', async () => {
    const user = userEvent.setup();
    stubApi({ chats: [makeChat()] });
    renderChat();
    const mic = await screen.findByRole('button', { name: 'Voice input is not supported in this browser' });
    expect(mic).toHaveAttribute('aria-disabled', 'true');
    expect(mic).toHaveAttribute('title', 'Voice input is not supported in this browser');
    await user.click(mic);
    expect(await toast('Voice input is not supported in this browser')).toBeInTheDocument();
  });

  it('listens in es-ES for one utterance, fills the box and says "Speech recognized!"', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    stubApi({ chats: [makeChat()] });
    renderChat();
    const mic = await screen.findByRole('button', { name: 'Speak in Spanish' });
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    await user.click(mic);
    const recognition = FakeRecognition.last!;
    expect(recognition).toMatchObject({ lang: 'es-ES', continuous: false, interimResults: false });
    expect(mic).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Listening...')).toBeInTheDocument();
    act(() => recognition.say('¿Qué significa chamba?'));
    expect(messageBox()).toHaveValue('¿Qué significa chamba?');
    expect(await toast('Speech recognized!')).toBeInTheDocument();
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText('Listening...')).not.toBeInTheDocument();
  });

  it('stops on a second press', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    stubApi({ chats: [makeChat()] });
    renderChat();
    const mic = await screen.findByRole('button', { name: 'Speak in Spanish' });
    await user.click(mic);
    await user.click(mic);
    expect(FakeRecognition.last!.stop).toHaveBeenCalled();
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    expect(await toast('No speech detected')).toBeInTheDocument();
  });

  it.each([
    ['not-allowed', 'Microphone access denied'],
    ['no-speech', 'No speech detected'],
    ['network', 'Speech recognition failed'],
  ])('says what went wrong (%s)', async (error, message) => {
    const user = userEvent.setup();
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    stubApi({ chats: [makeChat()] });
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Speak in Spanish' }));
    act(() => FakeRecognition.last!.fail(error));
    expect(await toast(message)).toBeInTheDocument();
  });

  it('says "Failed to start recording" when the recognizer will not start', async () => {
    const user = userEvent.setup();
    FakeRecognition.failStart = true;
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    stubApi({ chats: [makeChat()] });
    renderChat();
    await user.click(await screen.findByRole('button', { name: 'Speak in Spanish' }));
    expect(await toast('Failed to start recording')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Speak in Spanish' })).toHaveAttribute('aria-pressed', 'false'));
  });
});
