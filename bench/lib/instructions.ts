// Instructions per request from two callgrind runs of micro-child.ts: the same warm-up, then a short
// and a long measured run; their difference, divided by the extra requests, is what a request costs,
// startup and warm-up cancelled out.

/** The total callgrind reports on its standard error (`==123== Collected : 1234567`). */
export function collectedInstructions (stderr: string): number {
  const match = /Collected\s*:\s*(\d+)/.exec(stderr)
  if (!match) throw new Error('callgrind reported no instruction count:\n' + stderr.slice(-2000))
  return Number(match[1])
}

/** Instructions per request from the totals of a run of `shortRequests` and one of `longRequests`. */
export function perRequest (shortTotal: number, longTotal: number, shortRequests: number, longRequests: number): number {
  if (!(longRequests > shortRequests)) throw new Error('the long run must measure more requests than the short one')
  return (longTotal - shortTotal) / (longRequests - shortRequests)
}
