/**
 * A strict reader of the Prometheus text exposition format (0.0.4): every line is a HELP, a TYPE or a sample of a
 * family declared before it, label values are quoted and escaped, values are numbers. Anything else throws, so a
 * test that parses a scrape fails on a malformed one instead of reading past it.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\["\\n])*)"(,|$)/;
const SUFFIXES: Record<string, string[]> = {
  counter: ['_total', ''],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
  untyped: [''],
};

const parseValue = (raw: string, line: string): number => {
  if (raw === '+Inf') return Infinity;
  if (raw === '-Inf') return -Infinity;
  if (raw === 'NaN') return NaN;
  if (!/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) throw new Error(`not a number in ${JSON.stringify(line)}`);
  return Number(raw);
};

const parseLabels = (raw: string, line: string): Record<string, string> => {
  const labels: Record<string, string> = {};
  let rest = raw;
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`malformed labels in ${JSON.stringify(line)}`);
    labels[match[1]] = match[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    rest = rest.slice(match[0].length);
  }
  return labels;
};

export const parsePrometheusText = (text: string): { samples: Sample[]; types: Map<string, string> } => {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      if (!new RegExp(`^${NAME}$`).test(meta[2])) throw new Error(`bad metric name in ${JSON.stringify(line)}`);
      if (meta[1] === 'TYPE') {
        if (!(meta[3] in SUFFIXES)) throw new Error(`unknown type in ${JSON.stringify(line)}`);
        if (types.has(meta[2])) throw new Error(`family declared twice: ${meta[2]}`);
        types.set(meta[2], meta[3]);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${JSON.stringify(line)}`);
    const [, name, rawLabels, rawValue] = match;
    const family = [...types].find(([family, type]) => SUFFIXES[type].some((suffix) => name === family + suffix));
    if (!family) throw new Error(`sample of an undeclared family: ${JSON.stringify(line)}`);
    samples.push({ name, labels: rawLabels ? parseLabels(rawLabels, line) : {}, value: parseValue(rawValue, line) });
  }
  return { samples, types };
};

/** The value of the one sample with this name and these labels (undefined when absent). */
export const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined =>
  samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
