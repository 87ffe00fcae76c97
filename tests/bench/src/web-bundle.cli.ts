/**
 * npm run bench:web: first-load JavaScript of the sign-in page and the dashboard, from the web
 * build's manifest (no database, no server).
 */
import { measureWebBundle, webDistDir } from './web-bundle';

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function main(): void {
  let missed = 0;
  for (const figure of measureWebBundle(webDistDir)) {
    const met = figure.gzipBytes <= figure.route.targetKb * 1000;
    if (!met) missed += 1;
    console.log(
      `${figure.route.label}: ${kb(figure.gzipBytes)} KB (target ≤ ${figure.route.targetKb} KB) ${met ? 'MET' : 'MISSED'}`,
    );
    for (const file of figure.files) console.log(`    ${kb(file.gzipBytes).padStart(6)} KB  ${file.file}`);
  }
  if (process.env.BENCH_WEB_STRICT === '1' && missed > 0) process.exitCode = 1;
}

main();
