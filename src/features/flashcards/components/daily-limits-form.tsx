import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import { MAX_NEW_CARDS_PER_DAY, MAX_REVIEWS_PER_DAY } from '@contract/limits';
import { flashcardKeys } from '../api/flashcard-keys';
import '../flashcard-strings';

/** The daily limits' ranges, as /api/user/update and SQL check them; the defaults before any are set. */
export const DAILY_LIMITS = {
  newCardsPerDay: { max: MAX_NEW_CARDS_PER_DAY, fallback: 20, code: 'new_cards_per_day_invalid' },
  maxReviewsPerDay: { max: MAX_REVIEWS_PER_DAY, fallback: 200, code: 'max_reviews_per_day_invalid' },
} as const;
type LimitName = keyof typeof DAILY_LIMITS;
const NAMES = ['newCardsPerDay', 'maxReviewsPerDay'] as const;

/** A whole number in 0..max typed in the field, else null. */
export function parseLimit(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= max ? value : null;
}

/** How many New cards and Review-card reviews a day's session may hold (in the learner's time zone). */
export function DailyLimitsForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const saved: Record<LimitName, number> = {
    newCardsPerDay: user.newCardsPerDay ?? DAILY_LIMITS.newCardsPerDay.fallback,
    maxReviewsPerDay: user.maxReviewsPerDay ?? DAILY_LIMITS.maxReviewsPerDay.fallback,
  };
  const [text, setText] = useState<Record<LimitName, string>>({ newCardsPerDay: String(saved.newCardsPerDay), maxReviewsPerDay: String(saved.maxReviewsPerDay) });
  const [errors, setErrors] = useState<Partial<Record<LimitName, FieldError>>>({});
  const values = { newCardsPerDay: parseLimit(text.newCardsPerDay, DAILY_LIMITS.newCardsPerDay.max), maxReviewsPerDay: parseLimit(text.maxReviewsPerDay, DAILY_LIMITS.maxReviewsPerDay.max) };
  const changed = NAMES.some((name) => values[name] !== saved[name]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid: Partial<Record<LimitName, FieldError>> = {};
    for (const name of NAMES) if (values[name] === null) invalid[name] = { key: `apiErrors.${DAILY_LIMITS[name].code}` };
    const first = NAMES.find((name) => invalid[name]);
    if (first) {
      setErrors(invalid);
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!changed) return;
    updateUser.mutate(
      { newCardsPerDay: values.newCardsPerDay ?? undefined, maxReviewsPerDay: values.maxReviewsPerDay ?? undefined },
      {
        onSuccess: () => {
          toast.success(t('account.updated'));
          // Today's session follows the new limits.
          void queryClient.invalidateQueries({ queryKey: flashcardKeys.due(user._id) });
          void queryClient.invalidateQueries({ queryKey: flashcardKeys.today(user._id) });
        },
        onError: (failure) => {
          toast.error(t('account.updateFailed'));
          const fields = serverFieldErrors(failure, NAMES);
          setErrors(Object.keys(fields).length > 0 ? fields : { newCardsPerDay: generalFailure(failure, 'account.updateFailed') });
        },
      },
    );
  };

  return (
    <form className="profile-form daily-limits" noValidate onSubmit={onSubmit}>
      <p className="muted daily-limits__help">{t('flashcards.limitsHelp')}</p>
      <div className="daily-limits__fields">
        {NAMES.map((name) => (
          <FormField key={name} label={t(`flashcards.${name}`)} note={t('flashcards.limitRange', { max: DAILY_LIMITS[name].max })} error={errors[name] ? fieldErrorMessage(t, errors[name]) : undefined}>
            {(props) => (
              <input
                {...props}
                name={name}
                className="input daily-limits__input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={text[name]}
                onChange={(event) => {
                  setText((current) => ({ ...current, [name]: event.target.value }));
                  setErrors((current) => ({ ...current, [name]: undefined }));
                }}
              />
            )}
          </FormField>
        ))}
      </div>
      <button type="submit" className="button button--primary" aria-label={t('flashcards.saveLimits')} disabled={updateUser.isPending}>
        {updateUser.isPending && <Spinner size="sm" />}
        {t('account.save')}
      </button>
    </form>
  );
}
