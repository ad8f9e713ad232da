import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { notificationText } from './notification-text';

const base = { actorName: 'Fede', count: 1, title: '¡Qué chimba!', action: null } as const;

describe('notificationText', () => {
  it('writes each kind in the reader’s language, votes grouped by people', async () => {
    const t = i18n.t.bind(i18n);
    expect(notificationText(t, { ...base, kind: 'comment' })).toBe('Fede commented on “¡Qué chimba!”');
    expect(notificationText(t, { ...base, kind: 'reply' })).toBe('Fede replied to your comment on “¡Qué chimba!”');
    expect(notificationText(t, { ...base, kind: 'vote' })).toBe('Fede voted on “¡Qué chimba!”');
    expect(notificationText(t, { ...base, kind: 'vote', count: 3 })).toBe('3 people voted on “¡Qué chimba!”');
    expect(notificationText(t, { ...base, kind: 'moderation', actorName: null, action: 'held' })).toBe('Moderators are looking at “¡Qué chimba!”');
    expect(notificationText(t, { ...base, kind: 'moderation', actorName: null, action: 'restored' })).toBe('Moderators restored “¡Qué chimba!”');
    expect(notificationText(t, { ...base, kind: 'recording', actorName: null, country: 'MX' })).toBe('Someone from Mexico recorded “¡Qué chimba!” — listen');
    expect(notificationText(t, { ...base, kind: 'recording', actorName: null })).toBe('Someone recorded “¡Qué chimba!” — listen');
    await i18n.changeLanguage('es');
    expect(notificationText(t, { ...base, kind: 'recording', actorName: null, country: 'MX' })).toBe('Alguien de México grabó «¡Qué chimba!»: escúchalo');
    expect(notificationText(t, { ...base, kind: 'vote', count: 3 })).toBe('3 personas votaron «¡Qué chimba!»');
    expect(notificationText(t, { ...base, kind: 'comment', actorName: null })).toBe('Alguien comentó «¡Qué chimba!»');
  });
});
