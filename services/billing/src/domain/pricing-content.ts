import { OVERAGE_PRICE_TEXT, type PlansResponse } from '@gnology/contracts';

/** The /pricing page's why-choose section and FAQ, served with the plans so the page holds no copy of its own. */
export const WHY_CHOOSE: PlansResponse['whyChoose'] = [
  {
    title: 'A careful research colleague',
    body: 'Gene reads your records the way a genealogist does: it says what a document shows, what it does not, and where dates or names conflict.',
  },
  {
    title: 'Your documents, understood',
    body: 'Upload certificates, census pages, letters and photos. Gene extracts names, dates, places, relationships and occupations, and cites each document it relies on.',
  },
  {
    title: 'From research to a finished book',
    body: 'Turn a five-ancestor research project into chapters, then a family history book of 40,000–80,000 words, with your photos and documents woven in.',
  },
  {
    title: 'Clear, predictable pricing',
    body: 'One plan, one monthly allowance, and a usage panel that shows exactly where you stand. Overage is priced in the open and only applies beyond your allowance.',
  },
];

export const PRICING_FAQ: PlansResponse['faq'] = [
  {
    question: 'What is a token?',
    answer:
      'Tokens measure the text Gene reads and writes. A typical research session uses 4,000–6,000 tokens, a document analysis 1,000–3,000, and a book chapter about 15,000.',
  },
  {
    question: 'What does the free trial include?',
    answer:
      '50,000 tokens and 14 days of full access, with no card required. The trial ends after 14 days or 50,000 tokens, whichever comes first.',
  },
  {
    question: 'Do unused tokens roll over?',
    answer: 'No. Professional tokens reset at the start of each monthly period, and unused tokens do not carry over.',
  },
  {
    question: 'What happens if I use more than 1,000,000 tokens in a month?',
    answer: `On Professional, research continues and the extra tokens are charged automatically at ${OVERAGE_PRICE_TEXT}. Your account page shows your usage as you go, with a notice once you pass 80% of your allowance.`,
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel from your account page; your access continues to the end of the billing period you have paid for.',
  },
  {
    question: 'Is yearly billing cheaper?',
    answer:
      'Yes. Yearly billing is $1,044 a year, about $87 a month, which saves $156 a year against paying monthly. Tokens still reset each month.',
  },
  {
    question: 'Are payments refundable?',
    answer: 'Fees are non-refundable except where the law requires otherwise.',
  },
];
