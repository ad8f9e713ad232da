import path from 'node:path';
import fs from 'node:fs/promises';
import { createServer } from 'vite';
import { loadConfig, rootDir } from './config.ts';
import { startStack } from './index.ts';

const usage = `Usage: tsx stack/cli.ts <command>
  start   the local stack and the web app (what \`npm start\` runs)
  stack   the local stack only (Postgres, /functions/v1, /api)
  reset   delete the local database files; the next start re-creates and re-seeds them`;

async function main(command: string | undefined): Promise<void> {
  if (command === 'reset') {
    const { dataDir } = loadConfig();
    await fs.rm(dataDir, { recursive: true, force: true });
    console.log(`Removed ${path.relative(process.cwd(), dataDir)}`);
    return;
  }
  if (command !== 'start' && command !== 'stack') {
    console.log(usage);
    process.exitCode = command ? 1 : 0;
    return;
  }
  const stack = await startStack();
  if (stack.applied.length) console.log(`Applied ${stack.applied.length} migration(s)${stack.seeded ? ' and the seed' : ''}.`);
  const web =
    command === 'start'
      ? await createServer({ root: rootDir, configFile: path.join(rootDir, 'vite.config.ts') })
      : undefined;
  await web?.listen();

  console.log(`
  Jerga is running${stack.config.databaseUrl ? ' (external database)' : ''}
    Database   ${stack.dbUrl}
    API        ${stack.apiUrl}   (/auth/v1, /functions/v1/api, /api)
    ${web ? `Web app    ${web.resolvedUrls?.local[0] ?? 'http://localhost:5173/'}` : ''}
  Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await web?.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
