// A hand-written Apache combined log line, for the apps that have no morgan-style logger (node:http, fastify).
import type { IncomingMessage, ServerResponse } from 'node:http'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function pad2 (n: number): string {
  return n < 10 ? '0' + n : String(n)
}

/** `01/May/2024:10:20:30 +0000`, the CLF date in UTC. */
function clfDate (d: Date): string {
  return `${pad2(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} +0000`
}

/** One combined-format line (with its newline) for a finished response. */
export function combinedLine (req: IncomingMessage, res: ServerResponse): string {
  const length = res.getHeader('content-length')
  const referrer = req.headers.referer ?? req.headers.referrer ?? '-'
  return `${req.socket.remoteAddress ?? '-'} - - [${clfDate(new Date())}] "${req.method} ${req.url} HTTP/${req.httpVersion}" ` +
    `${res.statusCode} ${length === undefined ? '-' : String(length)} "${String(referrer)}" "${req.headers['user-agent'] ?? '-'}"\n`
}
