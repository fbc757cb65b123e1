export { buildCitation, type CitationPerson, citationPeople, type CitationSource } from './citation';
export { citedDate, datePhrase, dualYearText } from './dates';
