// The HTTP methods routers and apps get a lowercase helper for: node's own list.
import { METHODS } from 'http'

/** Lowercase `http.METHODS`, e.g. `get`, `post`, `m-search`. */
export const methods: readonly string[] = Object.freeze(METHODS.map((m) => m.toLowerCase()))
