import { createApiApp } from '../_shared/api/app.ts';

export { close } from '../_shared/api/app.ts';
export default createApiApp();
