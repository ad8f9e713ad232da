// The test stack runs on its own ports so `npm test` works while `npm start` is running.
export const testPorts = {
  db: Number(process.env.JERGA_TEST_DB_PORT ?? 55322),
  api: Number(process.env.JERGA_TEST_API_PORT ?? 55321),
  web: Number(process.env.JERGA_TEST_WEB_PORT ?? 55173),
};
