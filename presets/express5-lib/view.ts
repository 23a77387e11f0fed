// `express/lib/view` of Express 5: the View class of the express5 preset's views plugin, the
// default of every app's `view` setting. The class is made inside the plugin, so it is read from
// an app's setting.
import framework = require('../express5')
import type { createViewClass } from '../../plugins/views'

const View = framework().get('view') as ReturnType<typeof createViewClass>

export = View
