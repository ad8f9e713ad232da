import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import { CountryFlag } from './country-flag';

/** The flag file an <img> points at, on disk (Vite serves /node_modules/... from the root in tests). */
function fileOf(img: HTMLElement): string {
  const src = img.getAttribute('src') ?? '';
  return path.join(process.cwd(), decodeURIComponent(new URL(src, 'http://localhost').pathname));
}

describe('CountryFlag', () => {
  it("shows a known country's flag as an image of its own SVG file", () => {
    render(<CountryFlag code="AR" label="Argentina" />);
    const img = screen.getByRole('img', { name: 'Argentina' });
    expect(img.tagName).toBe('IMG');
    const src = img.getAttribute('src') ?? '';
    expect(src).not.toMatch(/^data:/);
    expect(src).toMatch(/\/AR\.svg$/);
    expect(fs.readFileSync(fileOf(img), 'utf8')).toMatch(/^<svg[\s>]/);
  });

  it('points every one of the 21 countries at a different file, named after its code', () => {
    const { container } = render(
      <>
        {COUNTRY_CODES.map((code) => (
          <CountryFlag key={code} code={code} label={code} />
        ))}
      </>,
    );
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toHaveLength(COUNTRY_CODES.length);
    expect(new Set(sources).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) {
      const img = screen.getByRole('img', { name: code });
      expect(img.getAttribute('src')).toMatch(new RegExp(`/${code}\\.svg$`));
      expect(fs.existsSync(fileOf(img))).toBe(true);
    }
  });

  it('reserves its size up front and decodes off the main thread', () => {
    const { container, rerender } = render(<CountryFlag code="MX" size="sm" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('width', '21');
    expect(img).toHaveAttribute('height', '14');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveClass('country-flag', 'country-flag--sm');
    rerender(<CountryFlag code="MX" size="lg" />);
    expect(img).toHaveAttribute('width', '48');
    expect(img).toHaveAttribute('height', '32');
    rerender(<CountryFlag code="MX" />);
    expect(img).toHaveAttribute('width', '27');
    expect(img).toHaveAttribute('height', '18');
  });

  it('is decorative without a label: empty alt, hidden from assistive technology', () => {
    const { container } = render(<CountryFlag code="PE" />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('presentation')).toBeNull();
  });

  it('is a named image with a label', () => {
    render(<CountryFlag code="GQ" label="Equatorial Guinea" />);
    const img = screen.getByRole('img', { name: 'Equatorial Guinea' });
    expect(img).toHaveAttribute('alt', 'Equatorial Guinea');
    expect(img).not.toHaveAttribute('aria-hidden');
  });

  it('renders nothing for a code outside the 21 countries', () => {
    for (const code of ['XX', 'US', 'ar', '']) {
      const { container, unmount } = render(<CountryFlag code={code} label="Somewhere" />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
