/**
 * Puppeteer keeps a target's CDP id and latest info (url, title) but exposes them only internally; window ids are
 * CDP target ids, so this is the one place that reads them.
 */
import type { Target } from 'puppeteer-core';
import type { WindowInfo } from '../../ports/browser.js';

interface TargetInternals {
  _targetId: string;
  _getTargetInfo(): { targetId: string; url: string; title: string; type: string };
}

export const targetIdOf = (target: Target): string => (target as unknown as TargetInternals)._targetId;

export const windowInfoOf = (target: Target): WindowInfo => {
  const info = (target as unknown as TargetInternals)._getTargetInfo();
  return { windowId: info.targetId, url: info.url, title: info.title };
};
