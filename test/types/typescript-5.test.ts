// The shipped declarations under TypeScript 5, beside express@4's with @types/express, in each
// module setting, with and without `types` (test/types/typescript/matrix.ts).
import { describeTypeScript } from './typescript/matrix'

describeTypeScript(5)
