// What the code under test logs with console.error, kept for the test to assert rather than printed.

/** Replaces `console.error` while `fn` runs (and one turn after, for deferred logging); returns what was logged. */
export async function captureConsoleError (fn: () => unknown): Promise<unknown[][]> {
  const calls: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => { calls.push(args) }
  try {
    await fn()
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
  } finally {
    console.error = original
  }
  return calls
}

/** The first line of each call's first argument: an error's `Name: message`, without its stack frames. */
export function firstLines (calls: unknown[][]): string[] {
  return calls.map((args) => String(args[0]).split('\n')[0])
}
