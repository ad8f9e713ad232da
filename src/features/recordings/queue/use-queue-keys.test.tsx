import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useQueueKeys, type QueueKeys } from './use-queue-keys';

// Which key presses the queue takes, and which it leaves to the page: R, Enter, N and
// Backspace from the queue (or from nowhere), not from a field, a link, with Ctrl, nor Enter
// on a button (which presses the button).

function Queue({ keys }: { keys: QueueKeys }) {
  const area = useRef<HTMLDivElement>(null);
  useQueueKeys(area, keys);
  return (
    <>
      <div ref={area}>
        <article tabIndex={-1} aria-label="entry" />
        <button type="button">Skip</button>
        <select aria-label="Entries from">
          <option>Mexico</option>
          <option>Nicaragua</option>
        </select>
        <a href="/voices">Voices</a>
      </div>
      <button type="button">Outside</button>
    </>
  );
}

function setup() {
  const keys = { record: vi.fn(), keep: vi.fn(), skip: vi.fn(), discard: vi.fn() };
  render(<Queue keys={keys} />);
  const count = () => Object.fromEntries(Object.entries(keys).map(([name, fn]) => [name, fn.mock.calls.length]));
  return { keys, count, user: userEvent.setup() };
}

describe('useQueueKeys', () => {
  it('takes R, Enter, N and Backspace from the queue, in either case', async () => {
    const { count, user } = setup();
    screen.getByRole('article').focus();
    await user.keyboard('r{Enter}N{Backspace}R');
    expect(count()).toEqual({ record: 2, keep: 1, skip: 1, discard: 1 });
  });

  it('takes them when the focus is nowhere (a pressed button went away)', async () => {
    const { count, user } = setup();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('n');
    expect(count()).toMatchObject({ skip: 1 });
  });

  it('leaves fields, links, other parts of the page and Ctrl+R alone; Enter on a button presses the button', async () => {
    const { count, user } = setup();
    screen.getByRole('combobox').focus();
    await user.keyboard('n{Backspace}');
    screen.getByRole('link').focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Outside' }).focus();
    await user.keyboard('r');
    screen.getByRole('article').focus();
    await user.keyboard('{Control>}r{/Control}');
    screen.getByRole('button', { name: 'Skip' }).focus();
    await user.keyboard('{Enter}');
    expect(count()).toEqual({ record: 0, keep: 0, skip: 0, discard: 0 });
    // R on a button of the queue is still the queue's.
    await user.keyboard('r');
    expect(count()).toMatchObject({ record: 1 });
  });
});
