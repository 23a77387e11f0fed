// The express5-body plugin: framework.json, .raw, .text and .urlencoded as Express 5 has them, body-parser 2's.
import { definePlugin, type Plugin } from '../../kernel'
import parser = require('../parser')
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'express5-body'

/**
 * Express 5's built-in body parsers, which are body-parser 2's (`ristretto/parser`): `req.body`
 * stays `undefined` unless a parser reads the body, `urlencoded` parses with `extended: false`
 * by default, a body something else already read is skipped, and brotli bodies are inflated.
 */
export function express5BodyPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('express5BodyPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ framework }) {
      Object.assign(framework, { json: parser.json, raw: parser.raw, text: parser.text, urlencoded: parser.urlencoded })
    }
  })
}
