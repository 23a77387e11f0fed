// The express5 preset: Express 5's behaviour from the same kernel and plugins.
import { createFramework, type Framework } from '../kernel'
import defaultPreset from './default'

const framework: Framework = createFramework({ plugins: [...defaultPreset.plugins] })

export = framework
