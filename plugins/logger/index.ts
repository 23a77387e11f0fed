// The request logger, morgan 1.12 compatible: `const logger = require('ristretto/logger')`.
/// <reference types="node" preserve="true" />
import { logger as loggerFunction } from './logger'
import type { IncomingMessage, ServerResponse } from 'http'
import type * as types from './types'

/** The logger function, with `.token`, `.format`, `.compile`, and the predefined tokens and formats. */
const logger: types.Logger = loggerFunction

declare namespace logger {
  export type Logger = types.Logger
  /** The logger, `@types/morgan`'s name for it (its type parameters are the methods'). */
  export type Morgan = types.Logger
  export type Options<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.Options<Req, Res>
  export type LoggerOptions<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.LoggerOptions<Req, Res>
  export type LoggerMiddleware<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.LoggerMiddleware<Req, Res>
  export type FormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.FormatFn<Req, Res>
  export type RecordFormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.RecordFormatFn<Req, Res>
  export type TokenCallbackFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.TokenCallbackFn<Req, Res>
  export type TokenIndexer<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.TokenIndexer<Req, Res>
  export type CompiledFormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = types.CompiledFormatFn<Req, Res>
  export type LogRecord = types.LogRecord
  export type LoggerRequest = types.LoggerRequest
  export type LoggerResponse = types.LoggerResponse
  export type StreamOptions = types.StreamOptions
  export type LogStream = types.StreamOptions
  export type PredefinedFormat = types.PredefinedFormat
}

export = logger
