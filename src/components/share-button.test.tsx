import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ShareButton } from './share-button';

const data = { title: 'chamba — Work, a job. (Mexico) | Jerga', text: 'chamba — Work, a job.', url: 'https://jerga.example/content/e-1' };

/** Gives navigator a share sheet (or takes it away) for one test. */
function stubShare(share: ((data: ShareData) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}

/** The clipboard, as one test wants it to answer. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

afterEach(() => {
  stubShare(undefined);
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the Share button', () => {
  it('opens the system share sheet with the title, text and link where there is one', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => undefined);
    stubShare(share);
    const copy = stubClipboard(async () => undefined);
    renderWithProviders(<ShareButton data={data} />);
    const button = screen.getByRole('button', { name: 'Share' });
    await user.click(button);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(share).toHaveBeenCalledExactlyOnceWith(data);
    expect(copy).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('says nothing when the reader closes the sheet (AbortError), and copies nothing', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    stubShare(share);
    const copy = stubClipboard(async () => undefined);
    renderWithProviders(<ShareButton data={data} />);
    const button = screen.getByRole('button', { name: 'Share' });
    await user.click(button);
    // Done once the button is ready again.
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(share).toHaveBeenCalledOnce();
    expect(copy).not.toHaveBeenCalled();
    expect(screen.queryByText(/Link copied|Could not copy/)).not.toBeInTheDocument();
  });

  it('copies the link with a toast where there is no share sheet, by keyboard too', async () => {
    const user = userEvent.setup();
    const copy = stubClipboard(async () => undefined);
    renderWithProviders(<ShareButton data={data} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledExactlyOnceWith(data.url);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('copies instead when the sheet fails for another reason', async () => {
    const user = userEvent.setup();
    stubShare(async () => {
      throw new DOMException('No user activation', 'NotAllowedError');
    });
    const copy = stubClipboard(async () => undefined);
    renderWithProviders(<ShareButton data={data} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(copy).toHaveBeenCalledExactlyOnceWith(data.url);
  });

  it('shows the link itself when it cannot be copied, so nothing is lost', async () => {
    const user = userEvent.setup();
    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    renderWithProviders(<ShareButton data={data} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(`Could not copy the link: ${data.url}`)).toBeInTheDocument();
  });

  it('opens one sheet at a time: a second press while it is open asks nothing more', async () => {
    const user = userEvent.setup();
    let close = () => {};
    const share = vi.fn(() => new Promise<void>((resolve) => (close = resolve)));
    stubShare(share);
    renderWithProviders(<ShareButton data={data} />);
    const button = screen.getByRole('button', { name: 'Share' });
    await user.click(button);
    await user.click(button);
    expect(share).toHaveBeenCalledOnce();
    expect(button).toHaveAttribute('aria-busy', 'true');
    close();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    await user.click(button);
    expect(share).toHaveBeenCalledTimes(2);
  });
});
