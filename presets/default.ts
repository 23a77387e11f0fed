// The default preset: the whole framework, Express 4 compatible. The package's main export.
import { createFramework, type Framework } from '../kernel'

const framework: Framework = createFramework({
  plugins: []
})

export = framework
