// The `:date[format]` layouts: clf (common log format), iso (ISO 8601) and web (RFC 1123).

const CLF_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

function pad2 (n: number): string {
  return n < 10 ? '0' + n : String(n)
}

/** `10/Oct/2000:13:55:36 +0000`: the date as web servers write it in common and combined logs, in UTC. */
export function clfDate (date: Date): string {
  // The layout has whole seconds: every line logged within one second shares the text.
  const second = Math.floor(date.getTime() / 1000)
  if (second !== lastClfSecond) {
    lastClfText = formatClf(date)
    lastClfSecond = second
  }
  return lastClfText
}

/** The second (of the epoch) `lastClfText` was made for; NaN (an invalid date) never equals it. */
let lastClfSecond = NaN
let lastClfText = ''

function formatClf (date: Date): string {
  return pad2(date.getUTCDate()) + '/' + CLF_MONTHS[date.getUTCMonth()] + '/' + date.getUTCFullYear() +
    ':' + pad2(date.getUTCHours()) + ':' + pad2(date.getUTCMinutes()) + ':' + pad2(date.getUTCSeconds()) + ' +0000'
}

/** The date in the named layout (`web` when absent), or `undefined` for an unknown layout. */
export function formatDate (date: Date, layout: string | undefined): string | undefined {
  switch (layout ?? 'web') {
    case 'clf': return clfDate(date)
    case 'iso': return date.toISOString()
    case 'web': return date.toUTCString()
    default: return undefined
  }
}
