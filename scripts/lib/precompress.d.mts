/** Types of precompress.mjs (a plain module: the build runs it before anything is compiled). */
export interface Precompressed {
  file: string;
  raw: number;
  br: number;
  gz: number;
}
export function precompress(dir: string): Precompressed[];
