import { createSweepApp } from '../_shared/sweep/app.ts';

export { close } from '../_shared/sweep/app.ts';
export default createSweepApp();
