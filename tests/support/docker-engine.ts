import { existsSync } from 'node:fs';

/**
 * Known when a suite is collected (jest cannot decide it asynchronously): a Docker engine is assumed
 * reachable when DOCKER_HOST is set or the default socket exists; testcontainers then starts the
 * throwaway servers, and fails loudly if that engine does not answer. None runs on this machine.
 */
export const dockerEngine = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

/** PostgreSQL 15, as on the machines CI runs on. */
const POSTGRES_IMAGE = 'postgres:15';

let started: Promise<{ url: string; stop: () => Promise<void> }> | null = null;

/**
 * One throwaway PostgreSQL server per test file, started on first use through testcontainers (loaded
 * only here: without an engine nothing needs it). Each harness still makes and drops its own database.
 */
export function postgresContainer(): Promise<{ url: string; stop: () => Promise<void> }> {
  started ??= (async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer(POSTGRES_IMAGE)
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres', POSTGRES_DB: 'test' })
      .withExposedPorts(5432)
      // The entrypoint starts the server twice (init, then for real): wait for the second.
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withStartupTimeout(120_000)
      .start();
    return {
      url: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/test`,
      stop: async () => void (await container.stop()),
    };
  })();
  return started;
}

/** Stops the file's container, if one was started. */
export async function stopPostgresContainer(): Promise<void> {
  if (started) await (await started).stop();
}
