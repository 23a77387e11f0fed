// ESM entry of `ristretto/lambda`: the same function, with the public types as named type exports.
import lambda from './index.js'

export default lambda
export type {
  AlbEvent, AlbRequestContext, AlbResult, ApiGatewayProxyEvent, ApiGatewayProxyEventV2, ApiGatewayProxyResult,
  ApiGatewayProxyResultV2, ApiGatewayRequestContext, ApiGatewayRequestContextV2, BinaryOption, EventIdentity,
  EventMultiValues, EventValues, FunctionUrlEvent, HttpRequestContext, LambdaContext, LambdaEvent, LambdaHandler,
  LambdaIncomingMessage, LambdaInvocation, LambdaOptions, LambdaRequestFields, LambdaResult, RequestListener,
  RequestTransform, ResponseTransform
} from './types.js'
