import type { Page } from 'puppeteer-core';
import type { FileInputCandidate } from '../../../ports/window-driver.js';

export const fileInputs = async (_page: Page, _signal: AbortSignal): Promise<FileInputCandidate[]> => {
  throw new Error('file inputs are being built');
};

export const setInputFiles = async (_page: Page, _candidateId: string, _paths: string[], _signal: AbortSignal): Promise<void> => {
  throw new Error('file inputs are being built');
};
