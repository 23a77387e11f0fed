// The express5 preset: Express 5's behaviour from the same kernel and plugins.
import { createFramework, type Framework } from '../kernel'
import '../plugins/file-transfer/types'
import '../plugins/views/types'
import '../plugins/static/types'
import { express5RoutingPlugin } from '../plugins/express5-routing'
import { express5ApplicationPlugin } from '../plugins/express5-application'
import { express5RequestPlugin } from '../plugins/express5-request'
import { express5ResponsePlugin } from '../plugins/express5-response'
import { express5BodyPlugin } from '../plugins/express5-body'
import { requestPlugin } from '../plugins/request'
import { responsePlugin } from '../plugins/response'
import { fileTransferPlugin } from '../plugins/file-transfer'
import { express5FilesPlugin } from '../plugins/express5-files'
import { staticPlugin } from '../plugins/static'
import { viewsPlugin } from '../plugins/views'

/**
 * Express 5.2: router 2 routing (path-to-regexp 8 paths, rejected promises passed to error
 * handlers), the request and response of Express 5, body-parser 2's parsers, and the file,
 * static and view plugins the default preset has.
 */
const framework: Framework = createFramework({
  plugins: [
    express5RoutingPlugin(),
    express5ApplicationPlugin(),
    requestPlugin(),
    responsePlugin(),
    express5RequestPlugin(),
    express5ResponsePlugin(),
    fileTransferPlugin(),
    express5FilesPlugin(),
    staticPlugin(),
    viewsPlugin(),
    express5BodyPlugin()
  ]
})

export = framework
