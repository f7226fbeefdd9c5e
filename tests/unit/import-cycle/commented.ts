// Imports leaf.ts through an import list that holds a comment with an
// apostrophe: a reader of imports that is not a parser loses the import.
import {
  // leaf's one export
  leaf,
} from './leaf.ts';

export const commented = `${leaf}, commented`;
