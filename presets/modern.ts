// The modern preset: the default preset's plugins plus async handlers, app.inject and route listing.
import { createFramework, type Framework } from '../kernel'
import defaultPreset from './default'
import '../plugins/inject'
import '../plugins/route-list'
import { asyncHandlersPlugin } from '../plugins/async-handlers'
import { injectPlugin } from '../plugins/inject'
import { routeListPlugin } from '../plugins/route-list'

const framework: Framework = createFramework({
  plugins: [...defaultPreset.plugins, asyncHandlersPlugin(), injectPlugin(), routeListPlugin()]
})

export = framework
