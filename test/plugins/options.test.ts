import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import request from 'supertest'
import { ErrorCode, PluginError } from '../../kernel'
import { closestName, editDistance, type OptionType } from '../../plugins/shared/options'
import { HARDENED_OPTIONS, hardenedPlugin } from '../../plugins/hardened'
import { DESCRIBED, pluginFactories } from './option-support'
import express = require('../../presets/default')
import express5 = require('../../presets/express5')
import parser = require('../../plugins/parser')
import logger = require('../../plugins/logger')
import { expectWarnings } from '../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['morgan deprecated default format: use combined format'])

// Every plugin factory checks its options against one description: an unknown key or a value
// of the wrong type is a PluginError `RST_PLUGIN_OPTIONS` naming the factory, the key and the
// closest option. The Express-compatible middleware (parsers, logger, static) ignore unknown
// keys, as body-parser, morgan and serve-static do.

/** A value of one of `types` (the first), for calls that must be accepted. */
function valueOf (types: readonly OptionType[]): unknown {
  const type = types[0]
  switch (type) {
    case 'boolean': return false
    case 'number': return 1000
    case 'string': return 'a'
    case 'function': return () => undefined
    case 'object': return {}
    case 'string[]': return ['SIGTERM']
    case 'false': return false
    case 'true': return true
    default: return type.slice(1, -1)
  }
}

/** Whether `value` is of a type of `types` (as the check reads them). */
function fits (value: unknown, types: readonly OptionType[]): boolean {
  return types.some((type) => {
    if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value)
    if (type === 'string[]') return Array.isArray(value) && value.every((v) => typeof v === 'string')
    if (type === 'false') return value === false
    if (type === 'true') return value === true
    if (['boolean', 'number', 'string', 'function'].includes(type)) return typeof value === type
    return value === type.slice(1, -1)
  })
}

/** Values of no type of `types`: each must be refused. */
function wrongValues (types: readonly OptionType[]): unknown[] {
  return ['300', 300, true, null, [], [1], {}, () => undefined].filter((value) => !fits(value, types))
}

function refuses (call: () => unknown, ...patterns: RegExp[]): void {
  assert.throws(call, (err: unknown) => {
    assert.ok(err instanceof PluginError, `a PluginError, got ${String(err)}`)
    assert.equal(err.code, ErrorCode.PLUGIN_OPTIONS)
    for (const pattern of patterns) assert.match(err.message, pattern)
    return true
  })
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('plugin options: the closest key', () => {
  it('measures edits', () => {
    assert.equal(editDistance('', ''), 0)
    assert.equal(editDistance('abc', ''), 3)
    assert.equal(editDistance('kitten', 'sitting'), 3)
    assert.equal(editDistance('bodyTimeout', 'bodyIdleTimeout'), 4)
    assert.equal(editDistance('timeuot', 'timeout'), 2)
  })

  it('names the option meant, and none when nothing is near', () => {
    const names = HARDENED_OPTIONS.options.map((o) => o.name)
    assert.equal(closestName('bodyTimeout', names), 'bodyIdleTimeout')
    assert.equal(closestName('symlink', names), 'symlinks')
    assert.equal(closestName('dotdirectories', names), 'dotDirectories')
    assert.equal(closestName('timeout', names), 'bodyIdleTimeout')
    assert.equal(closestName('colour', names), undefined)
    assert.equal(closestName('x', ['y', 'everywhere']), 'y')
    assert.equal(closestName('e', ['everywhere']), undefined)
    assert.equal(closestName('everywhere'.repeat(1000), ['everywhere']), undefined)
  })

  it('quotes a long unknown key cut short', () => {
    refuses(() => hardenedPlugin({ ['x'.repeat(100_000)]: 1 } as never), /^hardenedPlugin\(\) has no option `x{100}…`\. Its options: /)
  })
})

describe('plugin options: the factories check them', () => {
  const factories = pluginFactories()

  it('finds the factories, and a description for each that takes options', () => {
    assert.ok(factories.size >= 20, `found ${factories.size} factories`)
    for (const description of DESCRIBED) assert.ok(factories.has(description.factory), description.factory)
  })

  it('hardenedPlugin({ bodyTimeout: 300 }) asks whether bodyIdleTimeout was meant', () => {
    refuses(() => hardenedPlugin({ bodyTimeout: 300 } as never), /^hardenedPlugin\(\) has no option `bodyTimeout`: did you mean `bodyIdleTimeout`\?/, /Its options: confineDownloads, .*bodyIdleTimeout/)
  })

  for (const [name, factory] of pluginFactories()) {
    const description = DESCRIBED.find((d) => d.factory === name)
    describe(name, () => {
      it('accepts no options, undefined and {}', () => {
        for (const plugin of [factory(), factory(undefined), factory({})]) assert.equal(typeof plugin.apply, 'function')
      })

      it('refuses options that are not an object', () => {
        for (const options of ['fast', 1, true, null, [], () => undefined]) {
          refuses(() => factory(options), new RegExp(`^${name}\\(\\) takes an options object, got `))
        }
      })

      if (!description || description.options.length === 0) {
        it('refuses any key: it takes no options', () => {
          refuses(() => factory({ verbose: true }), new RegExp(`^${name}\\(\\) takes no options, got \`verbose\``))
          refuses(() => factory({ verbose: undefined }), /takes no options/)
        })
        return
      }

      it('accepts every documented option, alone and all together', () => {
        const all: Record<string, unknown> = {}
        for (const option of description.options) {
          for (const type of option.type) {
            const value = valueOf([type])
            assert.equal(typeof factory({ [option.name]: value }).apply, 'function', `${option.name}: ${String(value)}`)
          }
          all[option.name] = valueOf(option.type)
        }
        assert.equal(typeof factory(all).apply, 'function')
      })

      it('refuses an unknown key, naming the closest option', () => {
        for (const option of description.options) {
          const typo = option.name.slice(0, -1)                   // a letter short
          refuses(() => factory({ [typo]: valueOf(option.type) }),
            new RegExp(`^${name}\\(\\) has no option \`${typo}\`: did you mean \`${option.name}\`\\?`))
          const shouting = option.name.toUpperCase()
          refuses(() => factory({ [shouting]: valueOf(option.type) }), new RegExp(`did you mean \`${option.name}\``))
        }
        refuses(() => factory({ qwxz: 1 }), new RegExp(`^${name}\\(\\) has no option \`qwxz\`\\. Its options: ${description.options.map((o) => o.name).join(', ')}\\.$`))
      })

      it('refuses a value of the wrong type, naming the key and the types', () => {
        for (const option of description.options) {
          const wrong = wrongValues(option.type)
          assert.ok(wrong.length > 0)
          for (const value of wrong) {
            refuses(() => factory({ [option.name]: value }), new RegExp(`^${name}\\(\\) option \`${escape(option.name)}\` must be .+, got `))
          }
        }
      })
    })
  }

  it('names the types a value must have', () => {
    refuses(() => hardenedPlugin({ bodyIdleTimeout: '300' as never }), /`bodyIdleTimeout` must be a number or false, got a string \("300"\)$/)
    refuses(() => hardenedPlugin({ symlinks: 'never' as never }), /`symlinks` must be 'inside-root' or 'follow', got a string \("never"\)$/)
    const graceful = pluginFactories().get('gracefulShutdownPlugin')!
    refuses(() => graceful({ signals: 'SIGTERM' }), /`signals` must be a boolean or an array of strings, got a string/)
    refuses(() => graceful({ timeout: null }), /`timeout` must be a number, got null$/)
    refuses(() => graceful({ timeout: () => 5 }), /`timeout` must be a number, got a function$/)
    refuses(() => graceful({ duringShutdown: {} }), /`duringShutdown` must be 'serve' or 'reject', got an object$/)
    refuses(() => graceful({ timeout: [] }), /`timeout` must be a number, got an array$/)
    refuses(() => hardenedPlugin({ bodyIdleTimeout: true as never }), /`bodyIdleTimeout` must be a number or false, got a boolean \(true\)$/)
    refuses(() => graceful(() => undefined), /^gracefulShutdownPlugin\(\) takes an options object, got a function$/)
  })
})

describe('plugin options: the Express-compatible middleware ignore unknown keys', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rst-options-'))
  fs.writeFileSync(path.join(root, 'a.txt'), 'file a')

  it('framework.json, .raw, .text, .urlencoded (default and express5 presets) and ristretto/parser', async () => {
    for (const make of [express, express5, parser]) {
      const app = express()
      app.post('/json', make.json({ bodyTimeout: 1, limit: '1kb' } as never), (req: any, res: any) => { res.json(req.body) })
      app.post('/raw', make.raw({ bodyTimeout: 1 } as never), (req: any, res: any) => { res.send(String(req.body.length)) })
      app.post('/text', make.text({ bodyTimeout: 1 } as never), (req: any, res: any) => { res.send(req.body) })
      app.post('/form', make.urlencoded({ extended: false, bodyTimeout: 1 } as never), (req: any, res: any) => { res.json(req.body) })
      await request(app).post('/json').send({ a: 1 }).expect(200, { a: 1 })
      await request(app).post('/raw').type('application/octet-stream').send(Buffer.from('abc')).expect(200, '3')
      await request(app).post('/text').type('text/plain').send('hi').expect(200, 'hi')
      await request(app).post('/form').type('form').send('a=1').expect(200, { a: '1' })
    }
  })

  it('the logger', async () => {
    const lines: string[] = []
    const app = express()
    app.use(logger('tiny', { stream: { write: (line: string) => { lines.push(line) } }, colour: true } as never))
    app.get('/', (req: any, res: any) => { res.send('ok') })
    await request(app).get('/').expect(200, 'ok')
    assert.match(lines.join(''), /^GET \/ 200 2 - /)
  })

  it('framework.static', async () => {
    for (const framework of [express, express5]) {
      const app = framework()
      app.use(framework.static(root, { maxAgeSeconds: 10, fallthrough: true } as never))
      await request(app).get('/a.txt').expect(200, 'file a')
    }
  })
})
