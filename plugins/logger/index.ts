// The request logger, morgan 1.12 compatible: `const logger = require('ristretto/logger')`.
import { logger as loggerFunction } from './logger'
import type { IncomingMessage, ServerResponse } from 'http'
import type * as types from './types'

/** The logger function, with `.token`, `.format`, `.compile`, and the predefined tokens and formats. */
const logger: types.Logger = loggerFunction

declare namespace logger {
  export type Logger = types.Logger
  export type LoggerOptions<Req extends IncomingMessage = types.LoggerRequest, Res extends ServerResponse = types.LoggerResponse> = types.LoggerOptions<Req, Res>
  export type LoggerMiddleware<Req extends IncomingMessage = types.LoggerRequest, Res extends ServerResponse = types.LoggerResponse> = types.LoggerMiddleware<Req, Res>
  export type FormatFn<Req extends IncomingMessage = types.LoggerRequest, Res extends ServerResponse = types.LoggerResponse> = types.FormatFn<Req, Res>
  export type TokenCallbackFn<Req extends IncomingMessage = types.LoggerRequest, Res extends ServerResponse = types.LoggerResponse> = types.TokenCallbackFn<Req, Res>
  export type TokenIndexer<Req extends IncomingMessage = types.LoggerRequest, Res extends ServerResponse = types.LoggerResponse> = types.TokenIndexer<Req, Res>
  export type CompiledFormatFn<Req extends IncomingMessage = types.LoggerRequest, Res extends ServerResponse = types.LoggerResponse> = types.CompiledFormatFn<Req, Res>
  export type LogRecord = types.LogRecord
  export type LoggerRequest = types.LoggerRequest
  export type LoggerResponse = types.LoggerResponse
  export type LogStream = types.LogStream
  export type PredefinedFormat = types.PredefinedFormat
}

export = logger
