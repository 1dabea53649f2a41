// The edit distance lives beside the rules that name the nearest members and values in their
// messages (rules/editDistance.ts); this re-export keeps the elicitation fixes' import while they move.
export { editDistance } from '../rules/editDistance';
