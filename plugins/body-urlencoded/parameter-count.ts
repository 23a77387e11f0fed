// Counts the parameters of a urlencoded body, stopping as soon as a limit is passed.
const AMPERSAND = 0x26

/** The number of `&`-separated parameters in `body`, or undefined when there are more than `limit`. */
export function parameterCount (body: string, limit: number): number | undefined {
  let count = 1
  for (let i = 0; i < body.length; i++) {
    if (body.charCodeAt(i) === AMPERSAND && ++count > limit) return undefined
  }
  return count
}
