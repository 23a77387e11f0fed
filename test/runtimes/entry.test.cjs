// The test file Bun's and Deno's test runners are given (`bun test`, `deno test`): it loads the
// project's TypeScript as node's runs do (test/support/register-ts.cjs, reading the tree compiled
// once into RISTRETTO_TEST_JS) and then the test file named by RISTRETTO_RUNTIME_TEST, whose
// node:test suites those runners run. Started by scripts/runtimes.ts.
'use strict'
require('../support/register-ts.cjs')
require(process.env.RISTRETTO_RUNTIME_TEST)
