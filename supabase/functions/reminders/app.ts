import { createRemindersApp } from '../_shared/reminders/app.ts';
import { wordOfTheDay } from '../_shared/reminders/word.ts';

export { close } from '../_shared/reminders/app.ts';
export default createRemindersApp({ wordOfTheDay });
