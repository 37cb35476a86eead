/**
 * What `configuration` of create-form-filler and create-automation accepts (the wire leaves it a free-form map).
 * Checked with the JsonSchemas port, so a bad entry is a 422 naming it (`body.configuration/steps/0/action`)
 * before the page is read; keys this version does not know are reported in a warning, not silently dropped.
 *
 *   type         `formFiller` (default) or `steps`
 *   description  the automation's description (default: one made from the form's name and the site)
 *   submit       formFiller: press the form's submit button after filling (default false)
 *   steps        steps: [{ action: click|type|select|check|uncheck, elementDescription, locators?, value?, parameter? }]
 *   parameters   steps: JSON Schema of the parameters (default: one string, or boolean for check, per parameter named)
 */
import type { JsonSchemas } from '../../ports/json-schema.js';
import { ValidationError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import type { RecordedStep } from './model.js';
import { schemaProblemDetail } from './schema-problems.js';

const LOCATORS = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    label: { type: 'string', minLength: 1 },
    css: { type: 'string', minLength: 1 },
  },
  additionalProperties: false,
};

const CONFIGURATION_SCHEMA = {
  type: 'object',
  properties: {
    type: { enum: ['formFiller', 'steps'] },
    description: { type: 'string', maxLength: 10_000 },
    submit: { type: 'boolean' },
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: {
        type: 'object',
        required: ['action', 'elementDescription'],
        properties: {
          action: { enum: ['click', 'type', 'select', 'check', 'uncheck'] },
          elementDescription: { type: 'string', minLength: 1, maxLength: 2000 },
          locators: LOCATORS,
          value: { type: 'string', maxLength: 100_000 },
          parameter: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' },
        },
        additionalProperties: false,
      },
    },
    parameters: { type: 'object' },
  },
};

const KNOWN = new Set(Object.keys(CONFIGURATION_SCHEMA.properties));

export interface AutomationConfiguration {
  type: 'formFiller' | 'steps';
  description?: string;
  submit: boolean;
  steps?: RecordedStep[];
  parameters?: Record<string, unknown>;
}

export const parseConfiguration = (
  schemas: JsonSchemas,
  configuration: Record<string, unknown> | undefined,
  warnings: Issue[],
): AutomationConfiguration => {
  const config = configuration ?? {};
  const problems = schemas.compile(CONFIGURATION_SCHEMA)(config);
  if (problems.length) {
    throw new ValidationError(problems.map((problem) => schemaProblemDetail('body.configuration', problem)));
  }
  const unknown = Object.keys(config).filter((key) => !KNOWN.has(key));
  if (unknown.length)
    warnings.push({
      code: 'configuration_ignored',
      message: `configuration keys not used by this version: ${unknown.join(', ')}`,
    });
  const type = (config.type as AutomationConfiguration['type'] | undefined) ?? (config.steps ? 'steps' : 'formFiller');
  if (type === 'steps' && !config.steps)
    throw new ValidationError([{ location: 'body.configuration.steps', message: 'is required when type is steps' }]);
  if (type === 'steps' && config.parameters) {
    try {
      schemas.compile(config.parameters as Record<string, unknown>);
    } catch (error) {
      throw new ValidationError([
        {
          location: 'body.configuration.parameters',
          message: `is not a usable JSON Schema: ${(error as Error).message}`,
        },
      ]);
    }
  }
  (config.steps as Array<RecordedStep> | undefined)?.forEach((step, i) => {
    // The one name the pattern lets through that no `parameters` object can carry: such a key is refused on arrival.
    if (step.parameter === '__proto__') {
      throw new ValidationError([
        {
          location: `body.configuration.steps[${i}].parameter`,
          message: '"__proto__" cannot name a parameter (no parameters object can carry that key): choose another name',
          value: step.parameter,
        },
      ]);
    }
    if (
      (step.action === 'type' || step.action === 'select') &&
      step.value === undefined &&
      step.parameter === undefined
    ) {
      throw new ValidationError([
        { location: `body.configuration.steps[${i}]`, message: `a ${step.action} step needs a value or a parameter` },
      ]);
    }
  });
  const steps = (config.steps as Array<RecordedStep & { elementDescription: string }> | undefined)?.map(
    ({ elementDescription, ...step }) => ({ ...step, description: elementDescription }),
  );
  return {
    type,
    description: config.description as string | undefined,
    submit: config.submit === true,
    steps,
    parameters: config.parameters as Record<string, unknown> | undefined,
  };
};
