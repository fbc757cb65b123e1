import { createRequire } from 'node:module';
import { GEDZIP_BUDGET_BYTES, TreeFileError } from '../../../people/domain/gedcom-file';
import { BUDGETED_ZIP_SOURCE } from './budgeted-zip';

// The reading of a GEDZIP's archive, beside the other parsers that share budgeted-zip.ts (its
// CommonJS source is made into a function with a require, which a pure domain file may not do).

interface BudgetedZip {
  has(name: string): boolean;
  read(name: string): Promise<Buffer>;
}

let opener: ((bytes: Buffer, budget: number) => BudgetedZip) | undefined;

/** budgeted-zip.ts's reader (CommonJS source shared with the parser threads), made once in this process. */
function openZip(bytes: Buffer, budget: number): BudgetedZip {
  if (!opener) {
    const make = new Function('require', `${BUDGETED_ZIP_SOURCE}\nreturn openZipWithBudget;`);
    opener = make(createRequire(import.meta.url)) as typeof opener;
  }
  return opener!(bytes, budget);
}

/** The `gedcom.ged` of a GEDZIP, inflated through the running byte budget (zip bombs stop there). */
export async function gedcomOfGedzip(bytes: Buffer, budget = GEDZIP_BUDGET_BYTES): Promise<Buffer> {
  try {
    const zip = openZip(bytes, budget);
    return await zip.read('gedcom.ged');
  } catch (err) {
    const e = err as { name?: string; bomb?: boolean; message?: string };
    if (e.name === 'ArchiveRefused')
      throw new TreeFileError(
        e.bomb ? `The GEDZIP was refused: ${e.message} (a "zip bomb")` : `The GEDZIP could not be read: ${e.message}`,
      );
    throw err;
  }
}
