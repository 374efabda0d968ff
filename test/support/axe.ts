import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in a journey's page: the serious and critical findings on the page as it stands, the one check every
 * journey makes (test/e2e/accessibility.test.ts sweeps the route table; other journeys check the states they reach).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe is injected from a URL, served by this test process with a long cache lifetime, not as the script's text: the
 * text (550 KB) crossed the DevTools protocol and was compiled again at every page load, about 0.95 CPU s each, while
 * a cached script costs next to nothing after its first load in a context (10 loads: 9.5 CPU s against none
 * measurable, docs/testing.md). Cross-origin, so the page's policy headers must let it in (hence the CORP header; the
 * Content-Security-Policy is bypassed by the contexts that scan).
 */
let axeUrl: Promise<string> | undefined;
function servedAxe(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const server = createServer((_, response) => {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=86400, immutable',
        'cross-origin-resource-policy': 'cross-origin',
        'access-control-allow-origin': '*',
      });
      response.end(axeSource);
    });
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`));
    // The server never keeps the test process alive.
    server.unref();
  });
  return axeUrl;
}

export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  /** Up to five nodes: their selector and the start of their markup. */
  nodes: string[];
}

/**
 * Findings in Cloudscape's own markup that our code cannot change, each with its reason (docs/decisions/accessibility-cloudscape-markup-we-cannot-change.md):
 * - AppLayout's phone toolbar renders `<nav aria-orientation="horizontal">`; `aria-orientation` is not allowed on
 *   a navigation landmark, and screen readers ignore it there (no effect on use).
 */
export const KNOWN_THIRD_PARTY = [{ rule: 'aria-allowed-attr', node: 'awsui_mobile-toolbar-nav' }];

/**
 * axe's rules that can never report a serious or critical finding: the rule's own impact and every one of its checks'
 * impacts are minor or moderate (e.g. `region`, `heading-order`, the landmark rules). The journeys assert no serious
 * or critical finding, so these rules' results were thrown away: they are switched off, which makes a scan cheaper
 * (docs/testing.md) and changes no result. Computed in the page from axe's own metadata, so an axe update that raises
 * a rule's impact runs that rule again. Every other rule runs as axe's defaults say.
 */
const RUN = `(() => {
  const low = (impact) => impact !== 'serious' && impact !== 'critical';
  const checks = window.axe._audit.data.checks;
  const rules = {};
  for (const rule of window.axe._audit.rules) {
    const ids = [...rule.any, ...rule.all, ...rule.none].map((check) => (typeof check === 'string' ? check : check.id));
    if (low(rule.impact) && ids.every((id) => low(checks[id] && checks[id].impact))) rules[rule.id] = { enabled: false };
  }
  return window.axe.run(document, { resultTypes: ['violations'], rules }).then((r) => r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 200)),
  })));
})()`;

/**
 * Waits for finite animations and transitions to end: Cloudscape fades new content in (an alert appearing after a
 * click), and axe measures the contrast of half-transparent text mid-fade. Spinners loop forever and are left alone.
 */
export async function motionless(page: Page): Promise<void> {
  await page.waitForFunction(
    `document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)`,
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * The serious and critical axe findings on the page once it is still, Cloudscape's known ones set aside. The page's
 * context must bypass the Content-Security-Policy (openBrowser({ bypassCSP: true })): axe is injected as a script.
 */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  await motionless(page);
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ url: await servedAxe() });
  const violations = (await page.evaluate(RUN)) as Finding[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.filter((node) => !KNOWN_THIRD_PARTY.some((k) => k.rule === v.id && node.includes(k.node))) }))
    .filter((v) => v.nodes.length > 0);
}
