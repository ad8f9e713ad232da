// What the benchmarks share: percentiles of their samples, and timing one call many times.

/** The p-th percentile (0–100) of `samples` by the nearest-rank method; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Runs `work` once to warm up, then `runs` times one after another (`i` is the run), and
 * prints and returns the p50 and p95 of the timed runs in milliseconds.
 */
export async function measure(label: string, runs: number, work: (i: number) => Promise<unknown>, labelWidth = 48) {
  await work(0);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  const result = { label, p50: percentile(samples, 50), p95: percentile(samples, 95) };
  console.log(`${label.padEnd(labelWidth)} p50 ${result.p50.toFixed(2).padStart(9)} ms   p95 ${result.p95.toFixed(2).padStart(9)} ms`);
  return result;
}
