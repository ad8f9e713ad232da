import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddFeedbackPage } from '@/app/routes/add-feedback-page';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';

let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetchMock = stubFetch();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(user = null as typeof testUser | null) {
  return renderWithProviders(<AddFeedbackPage />, {
    path: '/addfeedback',
    user,
    extraRoutes: [{ path: '/', element: <p>home page</p> }],
  });
}

const theForm = () => within(screen.getByRole('form', { name: 'Add Feedback' }));
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const fieldOf = (label: string) => screen.getByLabelText(label).closest('.field') as HTMLElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; message?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

describe('Add Feedback page', () => {
  it('has the banner, the intro and the Name, Email and Message fields, empty for a guest', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Feedback' })).toBeInTheDocument();
    expect(screen.getByText(/Tell us what works/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Message' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Send Feedback' })).toBeInTheDocument();
  });

  it('keeps an over-long name and message, says how much is over, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user, { email: 'ana@example.com' });
    await user.click(screen.getByLabelText('Name'));
    await user.paste('N'.repeat(101));
    await user.click(screen.getByLabelText('Message'));
    await user.paste('m'.repeat(5003));
    expect(screen.getByLabelText('Name')).toHaveValue('N'.repeat(101));
    expect(within(fieldOf('Name')).getByText('1 character over')).toHaveClass('field__counter--over');
    expect(within(fieldOf('Message')).getByText('3 characters over')).toHaveClass('field__counter--over');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(within(fieldOf('Name')).getByText('A name is at most 100 characters.')).toBeInTheDocument();
    expect(within(fieldOf('Message')).getByText('A message is at most 5000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for each field with the spec’s messages, sends nothing, and clears an error when its field is edited', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(within(fieldOf('Name')).getByText('Please provide your name.')).toBeInTheDocument();
    expect(within(fieldOf('Email')).getByText('Please provide your email.')).toBeInTheDocument();
    expect(within(fieldOf('Message')).getByText('Message cannot be blank.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Name'), 'G');
    expect(screen.queryByText('Please provide your name.')).not.toBeInTheDocument();
    expect(screen.getByText('Please provide your email.')).toBeInTheDocument();
    expect(screen.getByText('Message cannot be blank.')).toBeInTheDocument();
    // Only spaces is still blank.
    await user.type(screen.getByLabelText('Message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(screen.getByText('Message cannot be blank.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks in Spanish for a Spanish reader', async () => {
    const user = userEvent.setup();
    await act(() => i18n.changeLanguage('es'));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Danos tu opinión' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar opinión' }));
    expect(within(fieldOf('Nombre')).getByText('Indica tu nombre.')).toBeInTheDocument();
    expect(within(fieldOf('Correo electrónico')).getByText('Indica tu correo electrónico.')).toBeInTheDocument();
    expect(within(fieldOf('Mensaje')).getByText('El mensaje no puede estar vacío.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('catches a malformed e-mail address in the browser', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user, { name: 'Gina', email: 'gina@', message: 'Hola' });
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(within(fieldOf('Email')).getByText('Please provide a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fills in the signed-in user’s name and e-mail', () => {
    renderPage(testUser);
    expect(screen.getByLabelText('Name')).toHaveValue('Lucía');
    expect(screen.getByLabelText('Email')).toHaveValue('lucia@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('sends the feedback, says so and goes home', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(
        {
          success: true,
          message: 'Feedback submitted successfully!',
          data: { _id: 'f1', name: 'Lucía', email: 'lucia@example.com', message: 'Más de Bolivia.\nGracias', userId: testUser._id, createdAt: '2025-03-01T10:00:00Z' },
        },
        201,
      ),
    );
    renderPage(testUser);
    await user.type(screen.getByLabelText('Message'), '  Más de Bolivia.{enter}Gracias ');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(toasts().getByText('Feedback submitted successfully!')).toBeInTheDocument();
    const calls = callsTo(fetchMock, '/feedback/addFeedback');
    expect(calls).toHaveLength(1);
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].body).toEqual({ name: 'Lucía', email: 'lucia@example.com', message: 'Más de Bolivia.\nGracias' });
  });

  it('puts the server’s field errors under their fields, translated by code', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          code: 'validation_failed',
          message: 'Please check the form.',
          errors: { email: 'Please provide a valid email address.', message: 'A message is at most 5000 characters.' },
          fieldCodes: { email: 'email_invalid', message: 'message_too_long' },
        },
        400,
      ),
    );
    renderPage();
    await fill(user, { name: 'Gina', email: 'gina@example', message: 'Hola' });
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await within(fieldOf('Email')).findByText('Please provide a valid email address.')).toHaveClass('field__error');
    expect(within(fieldOf('Message')).getByText('A message is at most 5000 characters.')).toBeInTheDocument();
    expect(toasts().getByRole('alert')).toHaveTextContent('Feedback submission failed. Please try again.');
    // All of it is about fields: no general line under the form.
    expect(theForm().queryByRole('alert')).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(within(fieldOf('Correo electrónico')).getByText('Indica un correo electrónico válido.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en-US'));
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(within(fieldOf('Email')).queryByText('Please provide a valid email address.')).not.toBeInTheDocument();
    expect(within(fieldOf('Message')).getByText('A message is at most 5000 characters.')).toBeInTheDocument();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
  });

  it('says how long to wait when too much feedback came from here (429)', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json({ success: false, code: 'feedback_rate_limited', message: 'Too much feedback from this address. Please try again later.', retryAfter: 1500 }, 429),
    );
    renderPage(testUser);
    await user.type(screen.getByLabelText('Message'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await theForm().findByRole('alert')).toHaveTextContent(
      'Thank you! You have sent a lot of feedback this hour. Please try again later. You can try again in 25 minutes.',
    );
    expect(toasts().getByRole('alert')).toHaveTextContent('Feedback submission failed. Please try again.');
    await act(() => i18n.changeLanguage('es'));
    expect(within(screen.getByRole('form', { name: 'Danos tu opinión' })).getByRole('alert')).toHaveTextContent('Podrás volver a intentarlo en 25 minutos.');
    await act(() => i18n.changeLanguage('en-US'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Feedback' })).toBeEnabled());
    expect(screen.getByLabelText('Message')).toHaveValue('Hola');
  });

  it('falls back to “Feedback submission failed. Please try again.” when the server says nothing', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    renderPage(testUser);
    await user.type(screen.getByLabelText('Message'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await theForm().findByRole('alert')).toHaveTextContent('Feedback submission failed. Please try again.');
  });
});
