import { createRemindersApp } from '../_shared/reminders/app.ts';

export { close } from '../_shared/reminders/app.ts';
export default createRemindersApp();
