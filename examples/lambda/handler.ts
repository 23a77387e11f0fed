// The Lambda entry of the example: deploy it with `handler.handler` as the function's handler.
import lambda = require('../../plugins/lambda')
import app = require('./index')

/** API Gateway (REST or HTTP API), ALB and Function URL events, answered by the app; PNGs go base64-encoded. */
export const handler = lambda(app, { binary: ['image/*'] })
