/** Request bodies and responses of the window operations (click, type, …, screenshot, form filling). */
import { z } from 'zod';
import type { JsonSchemas } from '../../ports/json-schema.js';
import { outputSchemaOf, readOutputSchema } from '../../core/operations/output-schema.js';
import { aiCommon, AsyncConfig, envelope, Issue, long, openMap } from './common.js';

export const VisualAnalysisConfig = z.object({
  maxScanScrolls: long().min(1).max(500).optional(),
  overlapPercentage: long().min(0).max(90).optional(),
  partitionDirection: z.enum(['vertical', 'horizontal', 'bidirectional']).optional(),
  resultSelectionStrategy: z.enum(['first', 'bestMatch', 'auto']).optional(),
  scanScrollDelay: long().min(0).max(60_000).optional(),
  scope: z.enum(['viewport', 'page', 'scan', 'auto']).optional(),
});

export const BrowserWaitNavigationConfig = z.object({
  timeoutSeconds: long().min(0).max(600).optional(),
  waitUntil: z.enum(['load', 'domcontentloaded', 'networkidle0', 'networkidle2']).optional(),
});

const experimental = z.object({ scrollWithin: z.string().max(2000).optional() });

export const MicroInteractionConfig = z.object({
  visualAnalysis: VisualAnalysisConfig.optional(),
  waitForNavigationConfig: BrowserWaitNavigationConfig.optional(),
});
export const MicroInteractionConfigWithExperimental = MicroInteractionConfig.extend({
  experimental: experimental.optional(),
});

const description = () => z.string().min(1).max(2000);

export const ClickBody = z
  .object({
    ...aiCommon,
    elementDescription: description(),
    configuration: MicroInteractionConfigWithExperimental.extend({
      clickType: z.enum(['click', 'doubleClick', 'rightClick']).optional(),
    }).optional(),
    waitForNavigation: z.boolean().optional(),
  })
  .meta({ id: 'ClickRequest', examples: [{ elementDescription: 'the Sign in button' }] });

export const HoverBody = z.object({
  ...aiCommon,
  elementDescription: description(),
  configuration: MicroInteractionConfigWithExperimental.optional(),
});

export const TypeBody = z
  .object({
    ...aiCommon,
    text: z.string().max(100_000),
    elementDescription: description().optional(),
    clearInputField: z.boolean().optional(),
    pressEnterKey: z.boolean().optional(),
    pressTabKey: z.boolean().optional(),
    waitForNavigation: z.boolean().optional(),
    configuration: MicroInteractionConfigWithExperimental.optional(),
  })
  .meta({
    id: 'TypeRequest',
    examples: [{ text: 'ada@example.com', elementDescription: 'the email field', pressEnterKey: true }],
  });

/** `"200px"`, `"-50%"`, or a bare number of pixels. */
const scrollAmount = () =>
  z
    .string()
    .regex(/^[+-]?\d{1,7}(\.\d+)?(px|%)?$/, { message: 'must be pixels or a percentage, e.g. "200px", "-50%"' });

export const ScrollBody = z.object({
  ...aiCommon,
  scrollBy: z.object({ xAxis: scrollAmount().optional(), yAxis: scrollAmount().optional() }).optional(),
  scrollToEdge: z
    .object({ xAxis: z.enum(['left', 'right']).optional(), yAxis: z.enum(['top', 'bottom']).optional() })
    .optional(),
  scrollToElement: description().optional(),
  scrollWithin: description().optional(),
  configuration: MicroInteractionConfig.optional(),
});

export const FileInputBody = z
  .object({
    ...aiCommon,
    fileId: z.string().min(1).max(128).optional(),
    fileName: z.string().min(1).max(255).optional(),
    elementDescription: description().optional(),
    includeHiddenElements: z.boolean().optional(),
    waitForNavigation: z.boolean().optional(),
    configuration: MicroInteractionConfigWithExperimental.optional(),
  })
  .refine((body) => body.fileId !== undefined || body.fileName !== undefined, {
    message: 'fileId or fileName is required',
    path: ['fileId'],
  });

export const MonitorBody = z.object({
  ...aiCommon,
  condition: description(),
  configuration: z
    .object({
      includeVisualAnalysis: z.enum(['auto', 'disabled', 'enabled']).optional(),
      interval: z
        .object({
          intervalSeconds: long().min(1).max(3600).optional(),
          timeoutSeconds: long().min(1).max(3600).optional(),
        })
        .optional(),
    })
    .optional(),
});

/**
 * The service's JsonSchemas (adapters/json-schema), handed over by the root that builds the deps, so the API takes
 * only a schema the operations can use. Until then (reading the route table for infrastructure or OpenAPI) no
 * schema is compiled here, and an operation refuses an unusable one itself (`invalid_output_schema`).
 */
let callerSchemas: JsonSchemas | undefined;
export const checkOutputSchemasWith = (schemas: JsonSchemas): void => {
  callerSchemas = schemas;
};

const OUTPUT_SCHEMA_MAX = 100_000;
/** An unusable schema is bad input: a 422 naming `configuration.outputSchema`, with the operations' own reason. */
const outputSchema = () =>
  z
    .string()
    .max(OUTPUT_SCHEMA_MAX)
    .superRefine((text, context) => {
      // Past the length limit the refusal is already said: compiling would only cost time (seconds, at a megabyte).
      if (text.length > OUTPUT_SCHEMA_MAX) return;
      const schemaText = outputSchemaOf(text);
      const read = schemaText === undefined || !callerSchemas ? undefined : readOutputSchema(callerSchemas, schemaText);
      if (read && 'problem' in read) context.addIssue({ code: 'custom', message: read.problem });
    })
    .describe('A JSON Schema, as a string.');
const ScrapeConfig = z.object({ optimizeUrls: z.enum(['auto', 'enabled', 'disabled']).optional() });
const includeVisualAnalysis = z.object({ includeVisualAnalysis: z.enum(['enabled', 'auto', 'disabled']).optional() });

export const PageQueryBody = z
  .object({
    ...aiCommon,
    prompt: z.string().min(1).max(50_000),
    followPaginationLinks: z.boolean().optional(),
    configuration: z
      .object({
        experimental: includeVisualAnalysis.optional(),
        outputSchema: outputSchema().optional(),
        scrape: ScrapeConfig.optional(),
        visualAnalysis: VisualAnalysisConfig.optional(),
      })
      .optional(),
  })
  .meta({ id: 'PageQueryRequest', examples: [{ prompt: 'What is the price of the first item?' }] });

export const SummaryBody = z.object({
  ...aiCommon,
  prompt: z.string().max(50_000).optional(),
  configuration: z
    .object({ experimental: includeVisualAnalysis.optional(), outputSchema: outputSchema().optional() })
    .optional(),
});

export const PaginatedExtractionBody = z.object({
  ...aiCommon,
  prompt: z.string().min(1).max(50_000),
  configuration: z
    .object({
      experimental: experimental.optional(),
      interactionMode: z.enum(['auto', 'accurate', 'cost-efficient']).optional(),
      outputSchema: outputSchema().optional(),
      paginationMode: z.enum(['auto', 'paginated', 'infinite-scroll']).optional(),
      scrape: ScrapeConfig.optional(),
    })
    .optional(),
});

export const ScrapeBody = z.object({ ...aiCommon });

export const ScreenshotBody = z.object({
  ...aiCommon,
  configuration: z
    .object({
      screenshot: z
        .object({
          format: z.enum(['base64', 'url']).optional(),
          maxHeight: long().min(16).max(16_384).optional(),
          maxWidth: long().min(16).max(16_384).optional(),
          quality: long().min(1).max(100).optional(),
          scope: z.enum(['viewport', 'page', 'scan', 'auto']).optional(),
          visualAnalysis: VisualAnalysisConfig.optional(),
        })
        .optional(),
    })
    .optional(),
});

export const CreateAutomationBody = z
  .object({
    ...aiCommon,
    async: AsyncConfig.optional(),
    configuration: openMap().optional(),
  })
  .meta({ id: 'CreateAutomationRequest' });

export const ExecuteAutomationBody = z
  .object({
    ...aiCommon,
    automationId: z.string().min(1).max(128),
    parameters: openMap().optional(),
    async: AsyncConfig.optional(),
  })
  .meta({ id: 'ExecuteAutomationRequest' });

export const ScreenshotMetadata = z
  .object({
    dataUrl: z.string().optional(),
    fileId: z.string().optional(),
    fileName: z.string().optional(),
    format: z.enum(['base64', 'url']).optional(),
    scrollPosition: z.object({ left: long(), top: long() }).optional(),
    signedDownloadUrl: z.string().optional(),
    urlExpiry: z.string().optional(),
    viewportDimensions: z.object({ height: long(), width: long() }).optional(),
  })
  .meta({ id: 'Screenshot' });

export const AiMeta = z
  .object({
    status: z.enum(['success', 'partial', 'failure']),
    usage: z.object({ credits: z.number(), id: z.string() }),
    clientProvided: z.object({ clientRequestId: z.string().optional() }).optional(),
    requestId: z.string().optional(),
    screenshots: z.array(ScreenshotMetadata).optional(),
  })
  .meta({ id: 'AiMeta', description: 'How an AI operation went: its status, the credits it spent, any screenshots.' });

export const AiPromptResponse = envelope(z.object({ modelResponse: z.string() }), AiMeta).meta({
  id: 'AiResponse',
  description: 'The answer of an AI operation: `data.modelResponse` and `meta.usage.credits`.',
});

export const ScrapeResponse = envelope(
  z.object({
    modelResponse: z.object({
      scrapedContent: z.object({ contentType: z.string(), text: z.string() }),
      title: z.string(),
      selectedText: z.string().optional(),
    }),
  }),
  AiMeta,
).meta({ id: 'ScrapeResponse' });

export const AsyncResponse = z
  .object({
    requestId: z.string(),
    errors: z.array(Issue).optional(),
    warnings: z.array(Issue).optional(),
  })
  .meta({
    id: 'AsyncAccepted',
    description: 'The request was accepted: follow it with GET /v1/requests/{requestId}/status or its webhook.',
    examples: [{ requestId: '0190f7a2-6b1c-7c3e-9d2a-5e8f1a2b3c4d' }],
  });
