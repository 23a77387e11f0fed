// The compiler options of a strict Node16 TypeScript project, as the type tests compile user code.
import ts from 'typescript'

export const strictNode16: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.Node16,
  moduleResolution: ts.ModuleResolutionKind.Node16,
  lib: ['lib.es2022.d.ts'],
  types: ['node'],
  strict: true,
  esModuleInterop: true
}
