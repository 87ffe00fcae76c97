import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on what the page shows now (WCAG 2.x A/AA and best-practice rules) and fails on any
 * serious or critical violation, listing each rule with the first offending elements.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  // Judge what the page settles on: a dialog or toast fading in has, for a few frames, every colour
  // blended towards the backdrop (a spinner's endless turn is not waited for). A toast's chunk loads on
  // the first toast, so its fade can begin after a first quiet frame: wait for 300 ms without one.
  await page
    .waitForFunction(
      () => {
        const scope = globalThis as any;
        const busy = scope.document
          .getAnimations()
          .some(
            (animation: any) =>
              animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
          );
        const now = scope.performance.now();
        if (busy || scope.__axeQuietSince === undefined) scope.__axeQuietSince = busy ? undefined : now;
        return !busy && now - scope.__axeQuietSince >= 300;
      },
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => delete (globalThis as any).__axeQuietSince).catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join('\n    ')}`,
  );
  if (report.length > 0)
    throw new Error(`axe on ${where}: ${report.length} serious/critical rule(s)\n${report.join('\n')}`);
}
