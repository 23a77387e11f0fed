// Small statistics and formatting helpers for the benchmark tables.

/** Median of the finite numbers in `values`; NaN when there are none. */
export function median (values: readonly number[]): number {
  const v = values.filter(Number.isFinite).slice().sort((a, b) => a - b)
  if (v.length === 0) return NaN
  const mid = v.length >> 1
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2
}

/** `top[round] / bottom[round]` for each round both ran (a zero denominator skipped), in round order. */
export function roundRatios (top: ReadonlyMap<number, number>, bottom: ReadonlyMap<number, number>): number[] {
  const ratios: number[] = []
  for (const [round, value] of top) {
    const other = bottom.get(round)
    if (other !== undefined && other > 0) ratios.push(value / other)
  }
  return ratios
}

/**
 * Median over rounds of `top[round] / bottom[round]`, for the rounds both ran: each ratio compares
 * two runs made back to back, so a slow phase of the machine affects both sides of it.
 */
export function pairedRatio (top: ReadonlyMap<number, number>, bottom: ReadonlyMap<number, number>): number {
  return median(roundRatios(top, bottom))
}

/** `12 345` style integer. */
export function fmtInt (n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US').replace(/,/g, ' ') : '-'
}

/** A ratio with two decimals and an `x`. */
export function fmtRatio (n: number): string {
  return Number.isFinite(n) ? n.toFixed(2) + 'x' : '-'
}

/** Megabytes with one decimal. */
export function fmtMB (bytes: number): string {
  return Number.isFinite(bytes) && bytes > 0 ? (bytes / 1048576).toFixed(1) : '-'
}

/** A percentage without decimals. */
export function fmtPct (n: number): string {
  return Number.isFinite(n) ? Math.round(n * 100) + '%' : '-'
}

/** Milliseconds, two decimals. */
export function fmtMs (n: number): string {
  return Number.isFinite(n) ? n.toFixed(2) : '-'
}

/** A Markdown table. */
export function markdownTable (head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: readonly string[]): string => '| ' + cells.map((c, i) => i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])).join(' | ') + ' |'
  return [line(head), '|' + widths.map((w, i) => i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':').join('|') + '|', ...rows.map(line)].join('\n')
}

/** The `q` quantile (0 to 1) of the finite numbers in `values`, interpolated between the two nearest; NaN when there are none. */
export function quantile (values: readonly number[], q: number): number {
  const v = values.filter(Number.isFinite).slice().sort((a, b) => a - b)
  if (v.length === 0) return NaN
  const at = (v.length - 1) * q
  const low = Math.floor(at)
  return low + 1 < v.length ? v[low] + (v[low + 1] - v[low]) * (at - low) : v[low]
}
