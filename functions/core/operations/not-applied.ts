/**
 * Options of the interface that page-query and paginated extraction accept but do not act on. Each one given with a
 * value that would change something is named in a warning, so a caller never believes it took effect.
 */
import type { Issue } from '../shared/issues.js';

export interface ReadingOptions {
  experimental?: { includeVisualAnalysis?: string; scrollWithin?: string };
  visualAnalysis?: unknown;
  scrape?: { optimizeUrls?: string };
  interactionMode?: string;
}

const notApplied = (option: string, why: string): Issue => ({
  code: 'option_not_applied',
  message: `${option} was not applied: ${why}`,
  details: { option },
});

export const unappliedReadingOptions = (configuration: ReadingOptions | undefined): Issue[] => {
  const issues: Issue[] = [];
  if (configuration?.experimental?.includeVisualAnalysis === 'enabled' || configuration?.visualAnalysis !== undefined) {
    issues.push(
      notApplied(
        configuration.visualAnalysis !== undefined
          ? 'configuration.visualAnalysis'
          : 'configuration.experimental.includeVisualAnalysis',
        'the page is read as text, not from screenshots',
      ),
    );
  }
  if (configuration?.scrape?.optimizeUrls === 'enabled')
    issues.push(notApplied('configuration.scrape.optimizeUrls', 'links are given to the model as they are'));
  if (configuration?.interactionMode && configuration.interactionMode !== 'auto') {
    issues.push(notApplied('configuration.interactionMode', 'pages are found and read the same way in every mode'));
  }
  return issues;
};
