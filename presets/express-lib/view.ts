// `express/lib/view`: the View class of the default framework's views plugin, the default of every
// app's `view` setting. The class is made inside the plugin, so it is read from an app's setting.
import framework = require('../default')
import type { createViewClass } from '../../plugins/views'

const View = framework().get('view') as ReturnType<typeof createViewClass>

export = View
