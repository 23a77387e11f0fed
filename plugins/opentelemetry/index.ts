// The opentelemetry plugin: OpenTelemetry spans for middleware, routers and route handlers, from the kernel's tracing channels.
import { definePlugin, ErrorCode, PluginError, type Plugin } from '../../kernel'
import { watchRequests } from './spans'
import type * as otel from '@opentelemetry/api'
import { checkOptions, describeOptions } from '../shared/options'

export const PLUGIN_NAME = 'opentelemetry'

export { CHANNELS as TRACING_CHANNELS, type LayerTraceContext, type LayerType, type RequestTraceContext, type ErrorMessage } from '../../kernel/internal/tracing'

export interface OpenTelemetryOptions {
  /**
   * `true` (default): without `@opentelemetry/api` installed, building the framework throws a
   * RST_PEER_MISSING PluginError. `false`: the plugin then does nothing (the modern preset's).
   */
  required?: boolean
}

/** What {@link openTelemetryPlugin} accepts (checked at the call; listed in docs/reference.md). */
export const OPENTELEMETRY_OPTIONS = describeOptions('openTelemetryPlugin', [
  { name: 'required', type: ['boolean'], default: 'true', effect: 'without `@opentelemetry/api` installed, building the framework throws a `PluginError` naming the package; `false`: the plugin then does nothing (the modern preset\'s)' }
])

/** `@opentelemetry/api`; when it is not installed, undefined or (`required`) a RST_PEER_MISSING error saying how to install it. */
function loadApi (required: boolean): typeof otel | undefined {
  try {
    return require('@opentelemetry/api') as typeof otel
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'MODULE_NOT_FOUND') throw err
    if (!required) return undefined
    throw new PluginError(ErrorCode.PEER_MISSING,
      `Plugin "${PLUGIN_NAME}" needs the package @opentelemetry/api: npm install @opentelemetry/api`, { cause: err })
  }
}

/** Whether the process's channels are subscribed to: once, whatever the number of frameworks built with the plugin. */
let subscribed = false

/**
 * OpenTelemetry spans for the apps of every framework of the process (the kernel's tracing
 * channels are the process's): a span per middleware, router and route run, named and
 * attributed as @opentelemetry/instrumentation-express names Express's (`middleware - requestId`,
 * `router - /:teamId`, `request handler - /users/:id`; `http.route`, `express.name`,
 * `express.type`; an error passed to `next` or thrown recorded as an exception, with status
 * ERROR), and the route set on the HTTP server span's RPC metadata, so
 * @opentelemetry/instrumentation-http (and Sentry) name the request by its route. Spans go to the
 * global tracer provider's tracer `ristretto`. Needs `@opentelemetry/api` (an optional peer
 * dependency): without it, building the framework throws a RST_PEER_MISSING PluginError, unless
 * `required: false`. With no tracer provider registered, spans are OpenTelemetry's no-op spans.
 *
 * @example
 * // The modern preset has it; the default preset takes it in one line:
 * const express = createFramework({ plugins: [...require('ristretto').plugins, openTelemetryPlugin()] })
 */
export function openTelemetryPlugin (options: OpenTelemetryOptions = {}): Plugin {
  checkOptions(OPENTELEMETRY_OPTIONS, options)
  const required = options.required !== false
  return definePlugin({
    name: PLUGIN_NAME,
    apply () { subscribe(required) }
  })
}

/**
 * What the plugin does, without building a framework: traces the apps of every framework of the
 * process, the presets' included (`ristretto/presets/express5` as it is). Throws a
 * RST_PEER_MISSING PluginError without `@opentelemetry/api`.
 *
 * @example
 * require('ristretto/plugins/opentelemetry').traceRequests()
 */
export function traceRequests (): void {
  subscribe(true)
}

/** Subscribes the process's channels once, whatever the number of frameworks or calls. */
function subscribe (required: boolean): void {
  const api = loadApi(required)
  if (api === undefined || subscribed) return
  subscribed = true
  watchRequests(api)
}
