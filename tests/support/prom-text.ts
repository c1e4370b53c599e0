/**
 * A small reader of Prometheus's text exposition format (prom-client writes it and has no parser):
 * each family's TYPE and its samples with their labels. Enough for tests to check what a scrape says.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  types: Map<string, string>;
  samples: Sample[];
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const re = /(\w+)="((?:[^"\\]|\\.)*)"\s*,?/g;
  for (const match of text.matchAll(re)) {
    labels[match[1] as string] = (match[2] as string).replace(/\\(.)/g, (_m, c: string) => (c === "n" ? "\n" : c));
  }
  return labels;
}

export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) {
      types.set(type[1] as string, type[2] as string);
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus sample line: ${line}`);
    const raw = sample[3] as string;
    const value = raw === "+Inf" ? Number.POSITIVE_INFINITY : raw === "-Inf" ? Number.NEGATIVE_INFINITY : Number(raw);
    if (Number.isNaN(value) && raw.toLowerCase() !== "nan") throw new Error(`not a number: ${line}`);
    samples.push({ name: sample[1] as string, labels: parseLabels(sample[2] ?? ""), value });
  }
  return { types, samples };
}

/** The value of one series (labels given must match; others may be present), or undefined. */
export function seriesValue(scrape: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  return scrape.samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}
