// The modern preset: the default preset's plugins plus async handlers, app.inject, route listing and the hardened protections.
import { createFramework, type Framework } from '../kernel'
import defaultPreset from './default'
import '../plugins/inject'
import '../plugins/route-list'
import { asyncHandlersPlugin } from '../plugins/async-handlers'
import { injectPlugin } from '../plugins/inject'
import { routeListPlugin } from '../plugins/route-list'
import { hardenedPlugin } from '../plugins/hardened'

const framework: Framework = createFramework({
  plugins: [...defaultPreset.plugins, asyncHandlersPlugin(), injectPlugin(), routeListPlugin(), hardenedPlugin()]
})

export = framework
