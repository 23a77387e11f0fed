// The editions' exports are Express's, key for key: `Object.keys(require('express'))` lists the
// same names, in any order, with values of the same kinds, for each edition and the Express it
// stands for. Tools that enumerate Express's exports (loaders, instrumentation, mocks) see no
// member Express does not have; the kernel's own (`Layer`, `plugins`, `hooks`) are there but
// not enumerable.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import express4 from 'express'
import express5 from 'express-5'
import edition4 from '../../presets/express-lib/express'
import edition5 from '../../presets/express5-lib/express'

/** Each enumerable key with the kind of its value (`function`, `object`, …), sorted. */
function shape (exported: object): Array<[string, string]> {
  return Object.keys(exported).sort().map((key) => [key, typeof (exported as Record<string, unknown>)[key]])
}

for (const [name, edition, reference] of [['edition 4', edition4, express4], ['edition 5', edition5, express5]] as const) {
  describe(`${name}'s exports`, () => {
    it('are the same keys, with values of the same kinds, as Express\'s', () => {
      assert.deepEqual(shape(edition), shape(reference))
    })

    it('make apps with the same keys as Express\'s apps', () => {
      const ours = Object.keys(edition()).sort()
      const theirs = Object.keys(reference()).sort()
      assert.deepEqual(ours.filter((k) => !theirs.includes(k)), [], 'members Express\'s apps do not have')
      assert.deepEqual(theirs.filter((k) => !ours.includes(k)), [], 'members of Express\'s apps missing')
    })

    it('keep the kernel\'s own members, not enumerable', () => {
      for (const key of ['Layer', 'plugins', 'hooks']) {
        assert.ok(key in edition, key)
        assert.equal(Object.getOwnPropertyDescriptor(edition, key)?.enumerable, false, key)
      }
    })

    it('are the same keys on express.Router, express.application, request and response as Express\'s', () => {
      for (const member of ['application', 'request', 'response'] as const) {
        const ours = Object.keys(edition[member]).sort()
        const theirs = Object.keys(reference[member]).sort()
        assert.deepEqual(ours.filter((k) => !theirs.includes(k)), [], `${member}: members Express does not have`)
        assert.deepEqual(theirs.filter((k) => !ours.includes(k)), [], `${member}: members of Express missing`)
      }
    })
  })
}
