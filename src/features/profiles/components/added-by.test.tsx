import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AddedBy } from './added-by';

describe('Byline', () => {
  it('links the account that posted an entry to its public profile', () => {
    renderWithProviders(<AddedBy entry={{ addedBy: { _id: '44444444-4444-4444-8444-444444444444', name: 'Olga Owner' }, ownerDeleted: false }} />);
    expect(screen.getByText(/Added by/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Olga Owner' })).toHaveAttribute('href', '/users/44444444-4444-4444-8444-444444444444');
  });

  it('says a guest added it when no account did', () => {
    renderWithProviders(<AddedBy entry={{ addedBy: null, ownerDeleted: false }} />);
    expect(screen.getByText('Added by a guest')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says a deleted user added it when the account is gone', () => {
    renderWithProviders(<AddedBy entry={{ addedBy: null, ownerDeleted: true }} />);
    expect(screen.getByText('Added by a deleted user')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
