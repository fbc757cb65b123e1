export { buildCitation, type CitationPerson, type CitationSource } from './citation';
export { citedDate, datePhrase, dualYearText } from './dates';
