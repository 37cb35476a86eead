/**
 * Caps the tabs one session's browser may hold. Under site isolation every site a tab shows gets a renderer process
 * of its own, so a page that opens windows without end (a popup loop, one window per site) would take the memory
 * of the host's other sessions, whatever org they belong to. A tab past the cap is closed as it appears, whoever
 * opened it: a page, a CDP client or the API (which refuses first, core/windows/navigation.ts).
 */
import type { Browser } from 'puppeteer-core';

type TargetInfo = { targetId: string; type: string };

export async function capWindows(
  browser: Browser,
  max: number,
  refused: (targetId: string) => void = () => undefined,
): Promise<void> {
  const session = await browser.target().createCDPSession();
  const pages = new Set<string>();
  session.on('Target.targetCreated', ({ targetInfo }: { targetInfo: TargetInfo }) => {
    if (targetInfo.type !== 'page' || pages.has(targetInfo.targetId)) return;
    if (pages.size < max) return void pages.add(targetInfo.targetId);
    session.send('Target.closeTarget', { targetId: targetInfo.targetId }).catch(() => undefined);
    refused(targetInfo.targetId);
  });
  session.on('Target.targetDestroyed', ({ targetId }: { targetId: string }) => pages.delete(targetId));
  // Discovery also reports the tabs already open, so a browser that starts with one counts it.
  await session.send('Target.setDiscoverTargets', { discover: true });
}
