import 'reflect-metadata';
import { describeStartupError, loadConfig, type AppConfig } from './config';
import { startApp } from './gateway/create-app';

/** For the message of a failed start: the settings, once read. */
let loaded: AppConfig | undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  loaded = config;
  const running = await startApp(config);
  const lines = [``, `  Glow Beauty back office is running at ${running.url}`];
  if (running.bootstrap?.generatedPassword) {
    lines.push(
      `  First sign-in: username '${running.bootstrap.username}', password '${running.bootstrap.generatedPassword}'`,
      `  (shown once; set ADMIN_USERNAME and ADMIN_PASSWORD before the first start to choose them)`,
    );
  } else if (running.bootstrap) {
    lines.push(`  First sign-in: username '${running.bootstrap.username}' with the ADMIN_PASSWORD you set`);
  } else {
    lines.push(`  Sign in with an existing account (the first manager was created on the first start)`);
  }
  console.log(lines.join('\n') + '\n');
  // Drain: stop accepting, let in-flight requests finish (Nest closes the HTTP server), then close
  // the projections and the database. Exit 0 once drained, 1 if that failed.
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await running.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  // A bad setting in one line naming it; anything else whole.
  console.error(describeStartupError(error, loaded) ?? error);
  process.exit(1);
});
