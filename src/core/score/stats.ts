/** Mean and population standard deviation (divisor n), as the paper's tables print them. */
export function meanStd(values: readonly number[]): { mean: number; std: number } {
  if (values.length === 0) return { mean: 0, std: 0 }
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length
  return { mean, std: Math.sqrt(variance) }
}

/** "70.0 ± 4.3" */
export function formatMeanStd(value: { mean: number; std: number }, digits = 1): string {
  return `${value.mean.toFixed(digits)} ± ${value.std.toFixed(digits)}`
}
