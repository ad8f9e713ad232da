import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddTagPage } from '@/app/routes/add-tag-page';
import i18n from '@/i18n';
import { renderWithProviders, testUser } from '@/test/render';
import { json, stubFetch } from '@/test/fetch';

let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetchMock = stubFetch();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(user = null as typeof testUser | null) {
  return renderWithProviders(<AddTagPage />, {
    path: '/addTag',
    user,
    extraRoutes: [{ path: '/', element: <p>home page</p> }],
  });
}

describe('Add Tag form', () => {
  it('has the banner, a Name field limited to 20 characters and an Add Tag button', async () => {
    const user = userEvent.setup();
    renderPage(testUser);
    expect(screen.getByRole('heading', { level: 1, name: 'Add Tag' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Tag' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(screen.getByText('0 / 20')).toBeInTheDocument();
    // Over the limit: kept whole, the counter says how much is over, and nothing is sent.
    await user.type(name, 'regionalismos-del-caribe');
    expect(name).toHaveValue('regionalismos-del-caribe');
    expect(screen.getByText('4 characters over')).toHaveClass('field__counter--over');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(screen.getByText('A tag name is at most 20 characters.')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a name', async () => {
    const user = userEvent.setup();
    renderPage(testUser);
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(screen.getByText('Please enter a name.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'f');
    expect(screen.queryByText('Please enter a name.')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a logged-out visitor to log in', async () => {
    const user = userEvent.setup();
    renderPage(null);
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Please log in to add a tag');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('on success goes home and says "Added successfully"', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json({ success: true, data: { _id: 't1', name: 'food' } }, 201));
    renderPage(testUser);
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.getByText('Added successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/tag/addTag');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'food' });
  });

  it('shows the server’s message under the form when adding fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json({ success: false, code: 'tag_exists', message: 'A tag with this name already exists.' }, 409));
    renderPage(testUser);
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A tag with this name already exists.');
  });

  it('puts a server error about the name on the Name field, by its code', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          code: 'tag_exists',
          message: 'A tag with this name already exists.',
          errors: { name: 'A tag with this name already exists.' },
          fieldCodes: { name: 'tag_exists' },
        },
        409,
      ),
    );
    renderPage(testUser);
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    const field = screen.getByLabelText('Name').closest('.field') as HTMLElement;
    expect(await within(field).findByText('A tag with this name already exists.')).toHaveClass('field__error');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await act(() => i18n.changeLanguage('es'));
    expect(within(field).getByText('Ya existe una etiqueta con este nombre.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-US'));
    await user.type(screen.getByLabelText('Name'), 's');
    expect(within(field).queryByText('A tag with this name already exists.')).not.toBeInTheDocument();
  });

  it('falls back to "Adding tag failed. Please try again."', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    renderPage(testUser);
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Adding tag failed. Please try again.');
  });
});
