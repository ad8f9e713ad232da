import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { CountryFlag, useCountryName } from '@/features/countries';
import { ReportButton } from '@/features/reports';
import { apiErrorText } from '@/i18n/api-errors';
import type { Entry, Variant } from '@/lib/api-types';
import { useUnlinkVariant } from '../api/unlink-variant';
import { VariantPicker } from './variant-picker';
import './variants.css';
import '../variant-strings';

/** The variants in their order (countries by their best form), one row per country. */
function byCountry(variants: Variant[]): { country: string; forms: Variant[] }[] {
  const rows: { country: string; forms: Variant[] }[] = [];
  for (const variant of variants) {
    const row = rows.find((candidate) => candidate.country === variant.country);
    if (row) row.forms.push(variant);
    else rows.push({ country: variant.country, forms: [variant] });
  }
  return rows;
}

interface CountryRowProps {
  /** The entry whose page this is (a link is between it and a form). */
  entry: Pick<Entry, '_id' | 'title'>;
  country: string;
  forms: Variant[];
  onUnlink: (variant: Variant) => void;
  unlinking: boolean;
  /** Signed-in readers may report a link they cannot remove themselves. */
  canReport: boolean;
}

function CountryRow({ entry, country, forms, onUnlink, unlinking, canReport }: CountryRowProps) {
  const { t } = useTranslation();
  const name = useCountryName(country);
  return (
    <li className="variants__row">
      <span className="variants__country">
        {/* Decorative: the country's name is written next to it. */}
        <CountryFlag code={country} size="md" />
        <span>{name}</span>
      </span>
      <ul className="variants__forms">
        {forms.map((variant) => (
          <li key={variant._id} className="variants__form">
            <Link to={`/content/${variant._id}`} className="variants__link" lang="es">
              {variant.title}
            </Link>
            <span className="variants__score">{t('variants.score', { count: variant.voteScore })}</span>
            {variant.canUnlink && (
              <button
                type="button"
                className="variants__unlink"
                aria-label={t('variants.unlink', { title: variant.title })}
                title={t('variants.unlink', { title: variant.title })}
                disabled={unlinking}
                onClick={() => onUnlink(variant)}
              >
                ×
              </button>
            )}
            {/* Those who may unlink (its linker, either owner, admins) need no report; a
                link through another form is not this entry's to report. */}
            {canReport && variant.direct && !variant.canUnlink && (
              <ReportButton
                target={{ contentId: entry._id, variantId: variant._id }}
                label={t('reports.reportLinkLabel', { title: entry.title, variant: variant.title })}
                ownerId={null}
                compact
              />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

interface ElsewhereSectionProps {
  /** The entry as getContentById gives it; `variants` absent (an older server) shows as none. */
  entry: Pick<Entry, '_id' | 'title'> & { variants?: Variant[] };
  /**
   * A slot for actions on the whole group, shown in the section's head while the entry has
   * variants (the "Drill these variants" button goes here).
   */
  actions?: ReactNode;
}

/**
 * "Elsewhere": the rest of the entry's variant group, one row per country with its flag,
 * each form linking to its entry; an unlink button where the reader may remove the link, a
 * report flag on the other direct links for signed-in readers; and
 * for signed-in readers the "Link a variant" picker. Updated live by the entry's channel.
 */
export function ElsewhereSection({ entry, actions }: ElsewhereSectionProps) {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const { pathname } = useLocation();
  const titleId = useId();
  const toast = useToast();
  // Here, not in a row: the row goes when its last form is unlinked, and the toast must not.
  const unlink = useUnlinkVariant();
  const remove = (variant: Variant) =>
    unlink.mutate(
      { contentId: entry._id, variantId: variant._id },
      {
        onSuccess: () => toast.success(t('variants.unlinked', { title: variant.title })),
        onError: (error) => toast.error(apiErrorText(t, error, 'variants.unlinkFailed')),
      },
    );
  const variants = entry.variants ?? [];
  const exclude = new Set([entry._id, ...variants.map((variant) => variant._id)]);
  const rows = byCountry(variants);

  return (
    <section className="variants card" aria-labelledby={titleId}>
      <div className="variants__head">
        <h2 className="variants__title" id={titleId}>
          {t('variants.title')}
        </h2>
        {variants.length > 0 && actions ? <div className="variants__actions">{actions}</div> : null}
      </div>
      {rows.length ? (
        <>
          <p className="variants__intro">{t('variants.intro')}</p>
          <ul className="variants__list" aria-label={t('variants.listLabel', { title: entry.title })}>
            {rows.map((row) => (
              <CountryRow
                key={row.country}
                entry={entry}
                country={row.country}
                forms={row.forms}
                onUnlink={remove}
                unlinking={unlink.isPending}
                canReport={isLoggedIn}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="variants__empty">
          {t('variants.empty')}
          {isLoggedIn ? ` ${t('variants.emptyInvite')}` : ''}
        </p>
      )}
      {isLoggedIn ? (
        <VariantPicker entryId={entry._id} exclude={exclude} />
      ) : (
        <p className="variants__login">
          <Link to="/login" state={{ from: pathname }}>
            {t('variants.loginToLink')}
          </Link>
        </p>
      )}
    </section>
  );
}
