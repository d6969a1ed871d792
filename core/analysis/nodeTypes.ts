// node-html-parser's NodeType, as plain constants: read per node without loading the parser (the
// command line's main thread reads places.ts without it) and without a lookup through its module.
export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
