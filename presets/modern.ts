// The modern preset: the default preset's plugins plus async handlers, app.inject, route listing, the hardened protections and OpenTelemetry spans.
import { createFramework, type Framework } from '../kernel'
import defaultPreset from './default'
import '../plugins/inject'
import '../plugins/route-list'
import { asyncHandlersPlugin } from '../plugins/async-handlers'
import { injectPlugin } from '../plugins/inject'
import { routeListPlugin } from '../plugins/route-list'
import { hardenedPlugin } from '../plugins/hardened'
import { openTelemetryPlugin } from '../plugins/opentelemetry'

const framework: Framework = createFramework({
  plugins: [...defaultPreset.plugins, asyncHandlersPlugin(), injectPlugin(), routeListPlugin(), hardenedPlugin(),
    // Spans when @opentelemetry/api is installed; nothing otherwise.
    openTelemetryPlugin({ required: false })]
})

export = framework
