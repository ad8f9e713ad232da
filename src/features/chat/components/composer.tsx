import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { CHAT_MESSAGE_MAX_LENGTH } from '@contract/limits';
import { MicIcon, SendIcon } from './chat-icons';
import { useSpeechRecognition, type SpeechOutcome } from './use-speech-recognition';

/** The counter shows from here on, so the limit is no surprise. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 400;

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  /** A message is on its way: nothing else is sent until it is answered. */
  sending: boolean;
  /** The chat isn't loaded: nothing to send to yet. */
  disabled?: boolean;
}

/** The message box: Enter sends, Shift+Enter adds a line; the microphone fills it with spoken Spanish. */
export function Composer({ value, onChange, onSend, sending, disabled = false }: ComposerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const text = value.trim();
  const canSend = !sending && !disabled && text.length > 0 && value.length <= CHAT_MESSAGE_MAX_LENGTH;

  const speech = useSpeechRecognition({
    onTranscript: (transcript) => onChange(value.trim() ? `${value.trimEnd()} ${transcript}` : transcript),
    onOutcome: (outcome: SpeechOutcome) => {
      if (outcome === 'recognized') toast.success(t('chat.speech.recognized'));
      else toast.error(t(`chat.speech.${outcome}`));
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const micLabel = speech.supported ? t('chat.voice') : t('chat.speech.unsupported');
  const showCounter = value.length >= COUNTER_FROM;

  return (
    <form className="chat-composer" onSubmit={submit} aria-busy={sending || undefined}>
      <label className="visually-hidden" htmlFor={`${id}-message`}>
        {t('chat.message')}
      </label>
      <textarea
        id={`${id}-message`}
        className="input chat-composer__input"
        rows={2}
        value={value}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t('chat.placeholder')}
        aria-describedby={`${id}-keys${showCounter ? ` ${id}-counter` : ''}`}
        // While a reply comes in the box keeps its focus but takes no typing.
        readOnly={sending || speech.listening}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__bar">
        <p id={`${id}-keys`} className="chat-composer__keys">
          {t('chat.keys')}
        </p>
        <p className="chat-composer__status" role="status">
          {speech.listening ? t('chat.speech.listening') : ''}
        </p>
        {showCounter && (
          <p id={`${id}-counter`} className={`chat-composer__counter${value.length >= CHAT_MESSAGE_MAX_LENGTH ? ' chat-composer__counter--full' : ''}`}>
            {t('chat.counter', { count: value.length, max: CHAT_MESSAGE_MAX_LENGTH })}
          </p>
        )}
        <button
          type="button"
          className={`chat-composer__mic${speech.listening ? ' chat-composer__mic--on' : ''}`}
          aria-label={micLabel}
          title={micLabel}
          aria-pressed={speech.supported ? speech.listening : undefined}
          // Not `disabled` where unsupported: focusable, so its tooltip says why.
          aria-disabled={!speech.supported || sending || disabled || undefined}
          onClick={() => {
            if (!speech.supported) toast.info(t('chat.speech.unsupported'));
            else if (!sending && !disabled) speech.toggle();
          }}
        >
          <MicIcon />
        </button>
        <button type="submit" className="button button--primary chat-composer__send" disabled={!canSend}>
          <SendIcon />
          {t('chat.send')}
        </button>
      </div>
    </form>
  );
}
