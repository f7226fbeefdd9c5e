// Names leaf.ts only inside a string and a comment, never in an import: a
// reader of imports that is not a parser sees imports that are not there.
// import('./leaf.ts')
export const quoted = `
import './leaf.ts';
`;
