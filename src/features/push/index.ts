// The push feature's public surface: the Account page's switch, its code loaded lazily.
export { PushReminderSwitch } from './lazy-push-reminder-switch';
