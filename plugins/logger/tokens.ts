// The predefined tokens: what `:method`, `:url`, `:status`, `:req[header]`… print.
import { basicAuthUser } from './basic-auth'
import { formatDate } from './date'
import { responseStarted } from './response-started'
import { responseTime, totalTime } from './timing'
import type { LoggerRequest, LoggerResponse, TokenCallbackFn } from './types'

/** A header value as one string: list values joined with `, `, anything else absent. */
function headerText (value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.join(', ')
  return undefined
}

/** The client address: `req.ip`, else the address seen on entering the logger, else the socket's. */
export function remoteAddress (req: LoggerRequest): string | undefined {
  if (req.ip) return req.ip
  if (req._remoteAddress) return req._remoteAddress
  const socket = req.socket || req.connection
  return (socket && socket.remoteAddress) || undefined
}

function date (_req: LoggerRequest, _res: LoggerResponse, layout?: string): string | undefined {
  return formatDate(new Date(), layout)
}

function httpVersion (req: LoggerRequest): string {
  return req.httpVersionMajor + '.' + req.httpVersionMinor
}

function method (req: LoggerRequest): string | undefined {
  return req.method
}

function pid (): string {
  return String(process.pid)
}

function referrer (req: LoggerRequest): string | undefined {
  const headers = req.headers
  return headerText(headers.referer) || headerText(headers.referrer)
}

function remoteUser (req: LoggerRequest): string | undefined {
  return basicAuthUser(req.headers.authorization)
}

function requestHeader (req: LoggerRequest, _res: LoggerResponse, field?: string): string | undefined {
  if (!field) return undefined
  return headerText(req.headers[field.toLowerCase()])
}

function responseHeader (_req: LoggerRequest, res: LoggerResponse, field?: string): string | undefined {
  if (!field || !responseStarted(res)) return undefined
  return headerText(res.getHeader(field))
}

function status (_req: LoggerRequest, res: LoggerResponse): string | undefined {
  return responseStarted(res) ? String(res.statusCode) : undefined
}

function url (req: LoggerRequest): string | undefined {
  return req.originalUrl || req.url
}

function userAgent (req: LoggerRequest): string | undefined {
  return headerText(req.headers['user-agent'])
}

/** Every predefined token by name, in the order they are registered on the logger. */
export const PREDEFINED_TOKENS: ReadonlyArray<readonly [string, (req: LoggerRequest, res: LoggerResponse, arg?: string) => string | undefined]> = [
  ['url', url],
  ['method', method],
  ['response-time', responseTime],
  ['total-time', totalTime],
  ['date', date],
  ['status', status],
  ['referrer', referrer],
  ['remote-addr', remoteAddress],
  ['remote-user', remoteUser],
  ['http-version', httpVersion],
  ['user-agent', userAgent],
  ['req', requestHeader],
  ['res', responseHeader],
  ['pid', pid]
]
