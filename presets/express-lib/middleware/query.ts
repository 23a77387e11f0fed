// `express/lib/middleware/query`: the query-string middleware factory, `express.query` itself.
import framework = require('../../default')

const query = framework.query

export = query
