import { html } from 'hono/html';
import type { OutgoingMail } from '../mail/types.ts';

/** The mails Auth sends, as GoTrue names its templates. */
export type MailKind =
  | 'recovery'
  | 'email_change_new'
  | 'email_change_current'
  | 'email_change_requested'
  | 'email_changed_notice'
  | 'confirmation'
  | 'reauthentication';

export type MailLanguage = 'en' | 'es';

interface Template {
  subject: string;
  intro: string;
  action?: string;
  outro: string;
}

/** What each mail says, in English and Spanish. `{new}` is the new address where it matters. */
const templates: Record<MailLanguage, Record<MailKind, Template>> = {
  en: {
    recovery: {
      subject: 'Reset your Jerga password',
      intro: 'Someone asked to reset the password of your Jerga account. Follow this link to choose a new one:',
      action: 'Choose a new password',
      outro: 'If it was not you, ignore this mail: your password stays as it is. The link works once, for one hour.',
    },
    email_change_new: {
      subject: 'Confirm your new e-mail address for Jerga',
      intro: 'Follow this link to use {new} for your Jerga account:',
      action: 'Confirm this address',
      outro: 'If you did not ask for this, ignore this mail. The link works once, for one hour.',
    },
    email_change_current: {
      subject: 'Confirm the change of your Jerga e-mail address',
      intro: 'Someone asked to change the e-mail address of your Jerga account to {new}. Follow this link to allow it:',
      action: 'Allow the change',
      outro: 'If it was not you, do not follow the link, and change your password. The link works once, for one hour.',
    },
    email_change_requested: {
      subject: 'Your Jerga e-mail address is about to change',
      intro: 'Someone asked to change the e-mail address of your Jerga account to {new}. It changes once the link sent there is followed.',
      outro: 'If it was not you, change your password now (Account › Sign-in): that signs out every other device.',
    },
    email_changed_notice: {
      subject: 'Your Jerga e-mail address has changed',
      intro: 'The e-mail address of your Jerga account is now {new}.',
      outro: 'If you did not make this change, reply to this mail or contact us at once.',
    },
    confirmation: {
      subject: 'Confirm your Jerga account',
      intro: 'Welcome to Jerga! Follow this link to confirm your e-mail address:',
      action: 'Confirm my address',
      outro: 'If you did not sign up, ignore this mail. The link works once, for one hour.',
    },
    reauthentication: {
      subject: 'Your Jerga confirmation code',
      intro: 'Enter this code in Jerga to confirm it is you:',
      outro: 'It works once, for one hour. If you did not ask for it, do not share it: someone may be signed in to your account.',
    },
  },
  es: {
    recovery: {
      subject: 'Restablece tu contraseña de Jerga',
      intro: 'Alguien pidió restablecer la contraseña de tu cuenta de Jerga. Sigue este enlace para elegir una nueva:',
      action: 'Elegir una contraseña nueva',
      outro: 'Si no fuiste tú, ignora este correo: tu contraseña no cambia. El enlace sirve una vez, durante una hora.',
    },
    email_change_new: {
      subject: 'Confirma tu nuevo correo para Jerga',
      intro: 'Sigue este enlace para usar {new} en tu cuenta de Jerga:',
      action: 'Confirmar este correo',
      outro: 'Si no lo pediste, ignora este correo. El enlace sirve una vez, durante una hora.',
    },
    email_change_current: {
      subject: 'Confirma el cambio de tu correo de Jerga',
      intro: 'Alguien pidió cambiar el correo de tu cuenta de Jerga a {new}. Sigue este enlace para permitirlo:',
      action: 'Permitir el cambio',
      outro: 'Si no fuiste tú, no sigas el enlace y cambia tu contraseña. El enlace sirve una vez, durante una hora.',
    },
    email_change_requested: {
      subject: 'Tu correo de Jerga está por cambiar',
      intro: 'Alguien pidió cambiar el correo de tu cuenta de Jerga a {new}. Cambiará cuando se siga el enlace enviado allí.',
      outro: 'Si no fuiste tú, cambia tu contraseña ahora (Cuenta › Inicio de sesión): así se cierra la sesión en todos los demás dispositivos.',
    },
    email_changed_notice: {
      subject: 'Tu correo de Jerga ha cambiado',
      intro: 'El correo de tu cuenta de Jerga ahora es {new}.',
      outro: 'Si no hiciste este cambio, responde a este correo o escríbenos enseguida.',
    },
    confirmation: {
      subject: 'Confirma tu cuenta de Jerga',
      intro: '¡Te damos la bienvenida a Jerga! Sigue este enlace para confirmar tu correo:',
      action: 'Confirmar mi correo',
      outro: 'Si no te registraste, ignora este correo. El enlace sirve una vez, durante una hora.',
    },
    reauthentication: {
      subject: 'Tu código de confirmación de Jerga',
      intro: 'Escribe este código en Jerga para confirmar que eres tú:',
      outro: 'Sirve una vez, durante una hora. Si no lo pediste, no lo compartas: puede que alguien haya entrado en tu cuenta.',
    },
  },
};

/**
 * The learner's language for a mail: the locale they chose in the app (user_metadata.locale),
 * else the browser's first language, else English.
 */
export function mailLanguage(metadata: Record<string, unknown> | null | undefined, acceptLanguage: string | undefined): MailLanguage {
  const chosen = typeof metadata?.locale === 'string' ? metadata.locale : undefined;
  const first = chosen ?? acceptLanguage?.split(',')[0]?.trim();
  return first?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** One mail, text and HTML, every value escaped in the HTML. */
export function renderMail(kind: MailKind, language: MailLanguage, to: string, values: { link?: string; otp?: string; newEmail?: string }): OutgoingMail {
  const template = templates[language][kind];
  const fill = (text: string) => text.replace('{new}', values.newEmail ?? '');
  const codeLine = values.otp ? (language === 'es' ? `Código: ${values.otp}` : `Code: ${values.otp}`) : '';
  const text = [fill(template.intro), values.link ?? '', codeLine, fill(template.outro), '— Jerga'].filter(Boolean).join('\n\n');
  const body = html`<!doctype html><html lang="${language}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1c1b1f">
<p>${fill(template.intro)}</p>
${values.link && template.action ? html`<p><a href="${values.link}" style="display:inline-block;padding:10px 16px;background:#1d3557;color:#fff;border-radius:6px;text-decoration:none">${template.action}</a></p><p style="font-size:13px;color:#555;word-break:break-all">${values.link}</p>` : ''}
${codeLine ? html`<p>${codeLine}</p>` : ''}
<p>${fill(template.outro)}</p><p>— Jerga</p></body></html>`;
  return { to, subject: template.subject, text, html: body.toString() };
}
