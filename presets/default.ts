// The default preset: the whole framework, Express 4 compatible. The package's main export.
import { createFramework, type Framework } from '../kernel'
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

const framework: Framework = createFramework({
  plugins: [bodyJsonPlugin(), bodyRawPlugin(), bodyTextPlugin(), bodyUrlencodedPlugin(), queryPlugin(), requestPlugin(), responsePlugin(), fileTransferPlugin(), staticPlugin(), viewsPlugin()]
})

export = framework
