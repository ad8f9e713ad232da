import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { Countdown, LevelMeter } from '../components/take-meters';
import type { RecorderState } from '../components/use-recorder';
import type { QueueKeys } from './use-queue-keys';
import '../components/recordings.css';

/** A button of the queue with its key shown (the key is not part of its name: aria-keyshortcuts says it). */
function KeyButton({ label, keyName, shortcut, onPress, disabled, primary }: { label: string; keyName: string; shortcut: string; onPress: () => void; disabled?: boolean; primary?: boolean }) {
  return (
    <button type="button" className={`button queue-controls__button${primary ? ' button--primary' : ''}`} aria-keyshortcuts={shortcut} disabled={disabled} onClick={onPress}>
      {label}
      <kbd className="queue-controls__key" aria-hidden="true">
        {keyName}
      </kbd>
    </button>
  );
}

/** The take's state (recording, being prepared, ready to hear) and the four actions, as buttons for touch. */
export function TakeControls({ state, title, actions }: { state: RecorderState; title: string; actions: QueueKeys }) {
  const { t } = useTranslation();
  const recording = state.phase === 'recording';
  const hasTake = recording || state.phase === 'processing' || state.phase === 'recorded';
  return (
    <div className="queue-controls">
      <div className="queue-controls__take">
        {state.phase === 'recording' && (
          <div className="recorder__live queue-controls__live">
            <Countdown startedAt={state.startedAt} />
            <LevelMeter analyser={state.analyser} />
          </div>
        )}
        {state.phase === 'processing' && (
          <p className="queue-controls__recording">
            <Spinner size="sm" />
            {t('voiceQueue.processing')}
          </p>
        )}
        {state.phase === 'recorded' && (
          // The browser's own player: keyboard and screen readers know it.
          <audio className="queue-controls__audio" controls src={state.url} aria-label={t('voiceQueue.yourTake', { title })} />
        )}
        {(state.phase === 'idle' || state.phase === 'starting') && <p className="muted">{t('voiceQueue.noTake')}</p>}
      </div>
      <div className="queue-controls__buttons">
        <KeyButton
          label={recording ? t('voiceQueue.stop') : t('voiceQueue.record')}
          keyName="R"
          shortcut="R"
          primary={!hasTake || recording}
          disabled={state.phase === 'starting' || state.phase === 'processing'}
          onPress={actions.record}
        />
        <KeyButton label={t('voiceQueue.keep')} keyName={t('voiceQueue.keyEnter')} shortcut="Enter" primary={state.phase === 'recorded'} disabled={!hasTake} onPress={actions.keep} />
        <KeyButton label={t('voiceQueue.skip')} keyName="N" shortcut="N" onPress={actions.skip} />
        <KeyButton label={t('voiceQueue.discard')} keyName="⌫" shortcut="Backspace" disabled={!hasTake} onPress={actions.discard} />
      </div>
      <p className="field__note queue-controls__help">{t('voiceQueue.keysHelp')}</p>
    </div>
  );
}
