// The test stack runs on its own ports so `npm test` works while `npm start` is running.
export const testPorts = {
  db: Number(process.env.JERGA_TEST_DB_PORT ?? 55322),
  api: Number(process.env.JERGA_TEST_API_PORT ?? 55321),
  /** The production web server (what `npm start` serves): the e2e journeys run against it. */
  web: Number(process.env.JERGA_TEST_WEB_PORT ?? 55173),
  /** Vite's dev server (`npm run dev`), for the tests of what it may serve. */
  dev: Number(process.env.JERGA_TEST_DEV_PORT ?? 55174),
  /** The mail catcher's Mailpit API and its SMTP port. */
  mail: Number(process.env.JERGA_TEST_MAIL_PORT ?? 55324),
  smtp: Number(process.env.JERGA_TEST_SMTP_PORT ?? 55325),
};
