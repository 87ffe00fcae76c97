import { readFileSync } from 'node:fs';
import knexFactory from 'knex';

/** CPU seconds used so far by the server under test: its process and, on a server, its database backends. */
export interface CpuMeter {
  sample(): Promise<number | null>;
}

// Linux reports utime and stime in clock ticks of 1/100 s (CLK_TCK, 100 on every mainstream kernel).
const TICKS_PER_SECOND = 100;

/** utime + stime of a process and all its threads, from /proc; null where there is no /proc. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * The child server's CPU, plus, when its database is on a PostgreSQL server on this machine, the CPU
 * of the backends serving that database (found in pg_stat_activity). CPU time does not depend on
 * what else the machine is doing, unlike throughput: it says what a movement costs.
 */
export function cpuMeter(
  pid: number,
  server?: { adminUrl: string; database: string },
): CpuMeter & { close(): Promise<void> } {
  const admin = server ? knexFactory({ client: 'pg', connection: server.adminUrl, pool: { min: 0, max: 1 } }) : null;
  return {
    async sample() {
      const own = processCpuSeconds(pid);
      if (own === null) return null;
      if (!admin || !server) return own;
      const { rows } = await admin.raw<{ rows: { pid: number }[] }>(
        `select pid from pg_stat_activity where datname = ? and pid <> pg_backend_pid()`,
        [server.database],
      );
      let total = own;
      for (const row of rows) total += processCpuSeconds(row.pid) ?? 0;
      return total;
    },
    close: async () => {
      await admin?.destroy();
    },
  };
}
