// The reminders feature's public surface: the Account page's card and the end-of-session offer.
export { ReminderSettings } from './components/reminder-settings';
export { ReminderOffer } from './components/reminder-offer';
