// ESM entry of the default preset: the same framework object, with named exports.
import framework from './default.js'

export default framework
export const Router = framework.Router
export const Route = framework.Route
export const application = framework.application
export const request = framework.request
export const response = framework.response
