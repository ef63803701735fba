import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core's checks (WCAG 2.x A and AA rules: names, roles, ARIA, contrast, landmarks, lists…),
 * evaluated through the DevTools protocol, so the portal's CSP stays on. Every journey that looks
 * at a screen's accessibility uses this one runner.
 */
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** What axe reports on the page, or only inside `within` (a CSS selector): one line a rule. */
export async function violations(page: Page, within?: string): Promise<string[]> {
  // A dialog or menu still fading in has half-transparent text, which axe would report as low
  // contrast (spinners loop forever and are left out).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document | string, o: object): Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(selector ?? document, { resultTypes: ['violations'] })).violations;
  }, within);
  return found.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join('; ')})`,
  );
}
