// The express5 preset: Express 5's behaviour from the same kernel and plugins.
import { createFramework, type Framework } from '../kernel'
import defaultPreset from './default'
import { express5RoutingPlugin } from '../plugins/express5-routing'

const framework: Framework = createFramework({ plugins: [...defaultPreset.plugins, express5RoutingPlugin()] })

export = framework
