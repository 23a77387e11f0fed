// ESM entry of the express5 preset: the same framework object, with named exports.
import framework from './express5.js'

export default framework
export const Router = framework.Router
export const Route = framework.Route
export const application = framework.application
export const request = framework.request
export const response = framework.response
export const json = framework.json
export const raw = framework.raw
export const text = framework.text
export const urlencoded = framework.urlencoded
// `static` is a reserved word as a binding name, so it is exported under its name by alias.
const serveStatic = framework.static
export { serveStatic as static }
