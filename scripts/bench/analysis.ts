// The bench's analysis rows (scripts/bench.mjs): a whole document's analysis and its fix-all, from one bundle.
export * from '../../server/src/analysis/document';
export { documentFixAll } from '../../server/src/analysis/documentFixAll';
