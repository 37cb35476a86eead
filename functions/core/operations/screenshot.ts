/**
 * The screenshot operation: configuration → what the driver captures → `meta.screenshots[]`, inline or stored.
 *
 * Decisions the contract leaves open:
 * - Scope: `visualAnalysis.scope` wins over `scope`; `auto` (the default) means `viewport`, the one scope the
 *   contract calls supported when used directly, and the cheapest.
 * - Format: `base64` for viewport, `url` for page and scan (the contract's default), so that tall pages and many
 *   scan chunks become files instead of megabytes of base64 in one JSON response. An explicit format wins.
 * - Quality defaults to 80. Page captures are capped (see the browser adapter); a cut-off image or an incomplete
 *   scan is still a success, with a `screenshot_truncated` warning saying what is missing.
 */
import type { Screenshot, ScreenshotRequest } from '../../ports/window-driver.js';
import { storeGeneratedFile } from '../files/generated.js';
import type { FileItem } from '../files/model.js';
import { signedDownload, type FileDeps } from '../files/store.js';
import { removeFile } from '../files/uploads.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { Issue } from '../shared/issues.js';
import { succeeded, type OperationResult, type ScreenshotOut } from './result.js';
import { runWindowOperation, type OperationLimits } from './run.js';

type Scope = 'viewport' | 'page' | 'scan' | 'auto';

export interface ScreenshotConfig {
  format?: 'base64' | 'url';
  maxHeight?: number;
  maxWidth?: number;
  quality?: number;
  scope?: Scope;
  visualAnalysis?: {
    maxScanScrolls?: number;
    overlapPercentage?: number;
    partitionDirection?: 'vertical' | 'horizontal' | 'bidirectional';
    scanScrollDelay?: number;
    scope?: Scope;
  };
}

export interface ScreenshotBody extends OperationLimits {
  configuration?: { screenshot?: ScreenshotConfig };
}

export const DEFAULT_QUALITY = 80;

export const planScreenshot = (
  config: ScreenshotConfig = {},
): { request: ScreenshotRequest; format: 'base64' | 'url' } => {
  const asked = config.visualAnalysis?.scope ?? config.scope ?? 'auto';
  const scope = asked === 'auto' ? 'viewport' : asked;
  const analysis = config.visualAnalysis ?? {};
  const request: ScreenshotRequest = {
    scope,
    quality: config.quality ?? DEFAULT_QUALITY,
    maxWidth: config.maxWidth,
    maxHeight: config.maxHeight,
    ...(scope === 'scan'
      ? {
          // The contract's defaults: 30 % overlap, 50 scrolls, 1 s between scrolls, top to bottom.
          scan: {
            overlapPercentage: analysis.overlapPercentage ?? 30,
            maxScrolls: analysis.maxScanScrolls ?? 50,
            scrollDelayMs: analysis.scanScrollDelay ?? 1000,
            direction: analysis.partitionDirection ?? 'vertical',
          },
        }
      : {}),
  };
  return { request, format: config.format ?? (scope === 'viewport' ? 'base64' : 'url') };
};

const fileStamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

const describe = (scope: ScreenshotRequest['scope'], shots: Screenshot[]): string => {
  const [first] = shots;
  if (scope === 'viewport')
    return `Screenshot of the viewport (${first.viewport.width}×${first.viewport.height} at (${first.scroll.left}, ${first.scroll.top})).`;
  if (scope === 'page')
    return shots.length === 1
      ? 'Screenshot of the whole page.'
      : `Screenshot of the whole page in ${shots.length} tiles, top to bottom.`;
  return `Scanned the page in ${shots.length} screenshot${shots.length === 1 ? '' : 's'}.`;
};

/**
 * Every capture as a file of the session, or none: one that cannot be stored (its org's storage limit reached)
 * removes those stored beside it, and the request fails saying why.
 */
const storeTiles = async (
  deps: FileDeps,
  target: { orgId: string; sessionId: string },
  shots: Screenshot[],
): Promise<FileItem[]> => {
  const stamp = fileStamp(deps.clock.now());
  const results = await Promise.allSettled(
    shots.map((shot, index) =>
      storeGeneratedFile(deps, target.orgId, {
        fileName: `screenshot-${stamp}${shots.length > 1 ? `-${index + 1}` : ''}.jpg`,
        fileType: 'screenshot',
        bytes: shot.jpeg,
        contentType: 'image/jpeg',
        sessionIds: [target.sessionId],
      }),
    ),
  );
  const failed = results.find((result) => result.status === 'rejected');
  const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (!failed) return stored;
  await Promise.all(stored.map((file) => removeFile(deps, file).catch(() => undefined)));
  throw failed.reason;
};

export const takeScreenshot = (
  deps: SessionDeps & FileDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  body: ScreenshotBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const { request, format } = planScreenshot(body.configuration?.screenshot);
    const shots = await driver.screenshot(request, budget.signal);
    budget.check();
    const files = format === 'url' ? await storeTiles(deps, target, shots) : [];
    const screenshots = await Promise.all(
      shots.map(async (shot, index): Promise<ScreenshotOut> => {
        const common = { format, viewportDimensions: shot.viewport, scrollPosition: shot.scroll };
        if (format === 'base64')
          return { ...common, dataUrl: `data:image/jpeg;base64,${shot.jpeg.toString('base64')}` };
        const file = files[index]!;
        const download = await signedDownload(deps, file);
        return {
          ...common,
          fileId: file.id,
          fileName: file.fileName,
          signedDownloadUrl: download.url,
          urlExpiry: download.expiresAt,
        };
      }),
    );
    const warnings: Issue[] = shots.flatMap((shot) =>
      shot.truncated ? [{ code: 'screenshot_truncated', message: shot.truncated }] : [],
    );
    return succeeded(describe(request.scope, shots), { screenshots, warnings });
  });
