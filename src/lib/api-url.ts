/** Where the app finds the /api: VITE_API_URL when the build sets it, else the page's own `/api`. */
export const apiUrlOf = (configured: string | undefined): string => (configured || '/api').replace(/\/+$/, '');
