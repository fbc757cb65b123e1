/** Types of shape-check.mjs (a plain module: `npm test` runs it with node before anything is compiled). */
export interface ShapeException {
  package: string;
  rule: 'skeleton' | 'app-import' | 'cycle' | 'layers' | 'genealogy-purity' | 'genealogy-home';
  reason: string;
}
export interface ShapeReport {
  breaches: string[];
  excused: string[];
  notes: string[];
}
export const SKELETON: string[];
export const GATEWAY_SKELETON: string[];
export const MAX_LINES: number;
export function listPackages(root: string): string[];
export function checkShape(root: string, options?: { exceptions?: ShapeException[] }): Promise<ShapeReport>;
