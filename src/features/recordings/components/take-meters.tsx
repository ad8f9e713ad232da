import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RECORDING_MS } from './use-recorder';
import '../recording-strings';

// What a take shows while it is recorded, in the entry page's recorder and the /record queue.

/** The microphone's loudness as a bar, drawn every frame without rendering React. */
export function LevelMeter({ analyser }: { analyser: AnalyserNode | null }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!analyser) return;
    const samples = new Uint8Array(analyser.fftSize);
    let frame = requestAnimationFrame(function draw() {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
      // Speech sits around 0.05–0.3 RMS: scaled so a normal voice fills most of the bar.
      const level = Math.min(1, Math.sqrt(sum / samples.length) * 4);
      if (bar.current) bar.current.style.transform = `scaleX(${level.toFixed(3)})`;
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, [analyser]);
  if (!analyser) return null;
  return (
    <span className="recorder__meter" title={t('recordings.level')}>
      <span className="visually-hidden">{t('recordings.level')}</span>
      <span ref={bar} className="recorder__meter-bar" aria-hidden="true" />
    </span>
  );
}

/** Seconds left of the 10, as words and as a shrinking bar. */
export function Countdown({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, []);
  const leftMs = Math.max(0, MAX_RECORDING_MS - (now - startedAt));
  const seconds = Math.ceil(leftMs / 1000);
  return (
    <div className="recorder__countdown">
      <span className="recorder__dot" aria-hidden="true" />
      <span className="recorder__recording">{t('recordings.recordingNow')}</span>
      <span role="timer" className="recorder__left">
        {t('recordings.secondsLeft', { count: seconds })}
      </span>
      <span className="recorder__time" aria-hidden="true">
        <span className="recorder__time-bar" style={{ transform: `scaleX(${(leftMs / MAX_RECORDING_MS).toFixed(3)})` }} />
      </span>
    </div>
  );
}
