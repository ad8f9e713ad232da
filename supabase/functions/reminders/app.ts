import { createRemindersApp } from '../_shared/reminders/app.ts';
import { pushReminders } from '../_shared/reminders/push.ts';
import { wordOfTheDay } from '../_shared/reminders/word.ts';

export { close } from '../_shared/reminders/app.ts';
export default createRemindersApp({ push: pushReminders, wordOfTheDay });
