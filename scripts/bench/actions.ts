// The bench's code-action rows (scripts/bench.mjs, benchScaling): the analysis, its diagnostics as
// the server pushes them and the code actions, from one bundle.
export { analyzeDocument, documentFindings } from '../../server/src/analysis/document';
export { codeActions } from '../../server/src/features/codeActions';
export { toDiagnostic } from '../../server/src/features/convert';
