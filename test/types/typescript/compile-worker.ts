// A process that compiles consumer projects with a TypeScript that has a compiler API (5 and 6),
// for test/types/typescript/matrix.ts: it loads the `typescript` module its argument names, says
// `{ ready: true }`, then answers each message (a tsconfig.json path) with that project's errors,
// as `consumerCompiler` reports them.
import type TypeScript from 'typescript'
import { consumerCompiler } from '../support'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const compile = consumerCompiler(require(process.argv[2]!) as typeof TypeScript)

process.on('message', (configFile: string) => {
  process.send!({ configFile, text: compile(configFile) })
})
process.on('disconnect', () => { process.exit(0) })
process.send!({ ready: true })
