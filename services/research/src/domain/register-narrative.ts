import type { BookMaterial } from './book-material';
import type { Manuscript } from './manuscript';

export type RegisterText = Pick<Manuscript, 'introduction' | 'chapters' | 'conclusion' | 'notes'>;

/** The offline narrative of the book (decision 0234): pure, no I/O. */
export function writeRegister(material: BookMaterial, opts: { title: string; generations: number }): RegisterText {
  void material;
  void opts;
  return { introduction: [], chapters: [], conclusion: [], notes: [] };
}
