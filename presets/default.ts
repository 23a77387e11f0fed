// The default preset: the whole framework, Express 4 compatible. The package's main export.
import { createFramework, type Framework } from '../kernel'
// The plugins' type augmentations (req/res helpers) must reach users of the built .d.ts too.
import '../plugins/request/types'
import '../plugins/response/types'
import '../plugins/file-transfer/types'
import '../plugins/views/types'
import '../plugins/static/types'
import '../plugins/query'
import '../plugins/body-json'
import '../plugins/body-raw'
import '../plugins/body-text'
import '../plugins/body-urlencoded'
import { bodyJsonPlugin } from '../plugins/body-json'
import { bodyRawPlugin } from '../plugins/body-raw'
import { bodyTextPlugin } from '../plugins/body-text'
import { bodyUrlencodedPlugin } from '../plugins/body-urlencoded'
import { queryPlugin } from '../plugins/query'
import { requestPlugin } from '../plugins/request'
import { responsePlugin } from '../plugins/response'
import { fileTransferPlugin } from '../plugins/file-transfer'
import { staticPlugin } from '../plugins/static'
import { viewsPlugin } from '../plugins/views'
import { removedMiddlewarePlugin } from '../plugins/removed-middleware'

const framework: Framework = createFramework({
  plugins: [
    queryPlugin(),
    requestPlugin(),
    responsePlugin(),
    fileTransferPlugin(),
    staticPlugin(),
    viewsPlugin(),
    bodyJsonPlugin(),
    bodyRawPlugin(),
    bodyTextPlugin(),
    bodyUrlencodedPlugin(),
    removedMiddlewarePlugin()
  ]
})

export = framework
